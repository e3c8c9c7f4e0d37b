CREATE TABLE "post_remixes" (
	"post_id" uuid NOT NULL,
	"based_on_post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_remixes_post_id_based_on_post_id_pk" PRIMARY KEY("post_id","based_on_post_id"),
	CONSTRAINT "post_remixes_not_self" CHECK ("post_remixes"."post_id" <> "post_remixes"."based_on_post_id")
);
--> statement-breakpoint
ALTER TABLE "post_remixes" ADD CONSTRAINT "post_remixes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_remixes" ADD CONSTRAINT "post_remixes_based_on_post_id_posts_id_fk" FOREIGN KEY ("based_on_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_remixes_based_on_idx" ON "post_remixes" USING btree ("based_on_post_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
-- The change feed (ADR 025): a project page shows the projects it is based on and its remix count,
-- so a link made or removed changes both projects' pages.
CREATE TRIGGER post_remixes_change_feed_ai AFTER INSERT ON post_remixes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_remixes_change_feed_based_on_ai AFTER INSERT ON post_remixes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'based_on_post_id');
--> statement-breakpoint
CREATE TRIGGER post_remixes_change_feed_ad AFTER DELETE ON post_remixes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_remixes_change_feed_based_on_ad AFTER DELETE ON post_remixes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'based_on_post_id');
--> statement-breakpoint
-- A linked project's page shows this project's title and author (Based on) or counts it (Remixes)
-- while it is public: a change of either reaches the linked projects' pages too.
CREATE OR REPLACE FUNCTION change_feed_note_remix_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted bigint;
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    INSERT INTO change_feed (kind, key)
    SELECT DISTINCT 'post', linked::text FROM (
      SELECT r.post_id AS linked FROM post_remixes r WHERE r.based_on_post_id = NEW.id
      UNION SELECT r.based_on_post_id FROM post_remixes r WHERE r.post_id = NEW.id
    ) links;
  ELSE
    -- A user: the remixes of their projects name them as the author.
    INSERT INTO change_feed (kind, key)
    SELECT DISTINCT 'post', r.post_id::text
    FROM post_remixes r JOIN posts p ON p.id = r.based_on_post_id WHERE p.user_id = NEW.id;
  END IF;
  GET DIAGNOSTICS noted = ROW_COUNT;
  IF noted > 0 THEN PERFORM pg_notify('cnc_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_remix_links_change_feed_au AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((OLD.visibility, OLD.title, OLD.user_id) IS DISTINCT FROM (NEW.visibility, NEW.title, NEW.user_id))
  EXECUTE FUNCTION change_feed_note_remix_links();
--> statement-breakpoint
CREATE TRIGGER users_remix_links_change_feed_au AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION change_feed_note_remix_links();
