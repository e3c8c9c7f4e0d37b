-- Suggestions come from an index of public titles kept in each server process (ADR 021); the
-- title_words table and its triggers, which the database-side typo check read, go.
DROP TRIGGER IF EXISTS posts_title_words_ai ON posts;--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_title_words_ad ON posts;--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_title_words_au ON posts;--> statement-breakpoint
DROP FUNCTION IF EXISTS posts_count_title_words();--> statement-breakpoint
DROP FUNCTION IF EXISTS posts_recount_title_words();--> statement-breakpoint
DROP FUNCTION IF EXISTS title_words_apply(text[], text[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS title_words_of(text);--> statement-breakpoint
DROP TABLE "title_words" CASCADE;--> statement-breakpoint
-- Nothing else matched titles with LIKE or word similarity: the trigram index only cost writes.
DROP INDEX IF EXISTS "posts_title_trgm_idx";--> statement-breakpoint
CREATE TABLE "listed_title_changes" (
	"post_id" uuid NOT NULL,
	"changed_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listed_title_changes_changed_by_idx" ON "listed_title_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "listed_title_changes_changed_at_idx" ON "listed_title_changes" USING btree ("changed_at");--> statement-breakpoint
-- A post's suggestion row is its title, its author's name, its creation time and whether it is
-- listed ('public': the listing rule of lib/services/posts/post-access.ts). Every change to one of
-- those, for a post that is or was listed, is written down with the writing transaction's id.
-- Statement-level on insert and delete, so a bulk insert (the seed) or a cascade is one statement.
CREATE OR REPLACE FUNCTION posts_note_listed_title_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_title_changes (post_id)
  SELECT id FROM changed_rows WHERE visibility = 'public';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_listed_title_changes_ai AFTER INSERT ON posts REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_note_listed_title_changes();
--> statement-breakpoint
CREATE TRIGGER posts_listed_title_changes_ad AFTER DELETE ON posts REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_note_listed_title_changes();
--> statement-breakpoint
-- Row-level on update, only when a suggestion field really changes (the wizard saves every field).
CREATE OR REPLACE FUNCTION posts_note_listed_title_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_title_changes (post_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_listed_title_changes_au AFTER UPDATE OF title, visibility, user_id, created_at ON posts
  FOR EACH ROW
  WHEN ((OLD.visibility = 'public' OR NEW.visibility = 'public')
    AND (OLD.title IS DISTINCT FROM NEW.title OR OLD.visibility IS DISTINCT FROM NEW.visibility
      OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at))
  EXECUTE FUNCTION posts_note_listed_title_change();
--> statement-breakpoint
-- A new username changes the suggestions of every listed post of its author.
CREATE OR REPLACE FUNCTION users_note_listed_title_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_title_changes (post_id)
  SELECT id FROM posts WHERE user_id = NEW.id AND visibility = 'public';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_listed_title_changes_au AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION users_note_listed_title_changes();
