CREATE TABLE "listed_post_search" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listed_post_search" ADD CONSTRAINT "listed_post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- listed_post_search holds (id, created_at, search_vector) of every public post, and nothing else:
-- a post enters when it becomes public, follows its vector (title, description and tag triggers
-- all write posts.search_vector), and leaves when it stops being public or is deleted (cascade).
CREATE OR REPLACE FUNCTION posts_sync_listed_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.visibility = 'public' AND NEW.search_vector IS NOT NULL THEN
    INSERT INTO listed_post_search (post_id, created_at, search_vector)
    VALUES (NEW.id, NEW.created_at, NEW.search_vector)
    ON CONFLICT (post_id) DO UPDATE
      SET created_at = EXCLUDED.created_at, search_vector = EXCLUDED.search_vector;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM listed_post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_listed_search_ai AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.visibility = 'public') EXECUTE FUNCTION posts_sync_listed_search();
--> statement-breakpoint
-- Not `UPDATE OF ...`: that names the columns an UPDATE sets, and the search vector is set by the
-- BEFORE trigger when a title changes. Counter updates (likes, comments) change none of these.
CREATE TRIGGER posts_listed_search_au AFTER UPDATE ON posts
  FOR EACH ROW WHEN (OLD.visibility IS DISTINCT FROM NEW.visibility
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION posts_sync_listed_search();
--> statement-breakpoint
INSERT INTO listed_post_search (post_id, created_at, search_vector)
  SELECT id, created_at, search_vector FROM posts
  WHERE visibility = 'public' AND search_vector IS NOT NULL
  ORDER BY created_at DESC;
--> statement-breakpoint
CREATE INDEX "listed_post_search_idx" ON "listed_post_search" USING gin ("search_vector");