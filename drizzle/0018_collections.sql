CREATE TYPE "public"."collection_visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TABLE "collection_posts" (
	"collection_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_posts_collection_id_post_id_pk" PRIMARY KEY("collection_id","post_id"),
	CONSTRAINT "collection_posts_position_non_negative" CHECK ("collection_posts"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" "collection_visibility" DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "downloads_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_posts" ADD CONSTRAINT "collection_posts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_posts" ADD CONSTRAINT "collection_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_posts_order_idx" ON "collection_posts" USING btree ("collection_id","position","post_id");--> statement-breakpoint
CREATE INDEX "collection_posts_post_idx" ON "collection_posts" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_user_slug_idx" ON "collections" USING btree ("user_id","slug");--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_listed_latest_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","tool_type_laser","tool_type_endmill") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_popular_idx" ON "posts" USING btree ("likes_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","tool_type_laser","tool_type_endmill") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_top_rated_idx" ON "posts" USING btree ("average_total_rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","tool_type_laser","tool_type_endmill") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_most_made_idx" ON "posts" USING btree ("makes_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","tool_type_laser","tool_type_endmill") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_most_downloaded_idx" ON "posts" USING btree ("downloads_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","tool_type_laser","tool_type_endmill") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
-- The posts change-feed triggers are made anew below (downloads_count is a counter like
-- likes_count, ADR 025); dropped first, so the backfills below note no change of every post.
DROP TRIGGER posts_change_feed_au ON posts;
--> statement-breakpoint
DROP TRIGGER posts_change_feed_counters_au ON posts;
--> statement-breakpoint
-- A post's published_at is set once, by the database, when it first becomes public (the review's
-- approval or any other path), so every listed post carries it; a post already public keeps its
-- creation time as its publication.
CREATE OR REPLACE FUNCTION posts_set_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.visibility = 'public' AND NEW.published_at IS NULL THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_published_at_bi BEFORE INSERT ON posts FOR EACH ROW
  WHEN (NEW.visibility = 'public' AND NEW.published_at IS NULL)
  EXECUTE FUNCTION posts_set_published_at();
--> statement-breakpoint
CREATE TRIGGER posts_published_at_bu BEFORE UPDATE OF visibility ON posts FOR EACH ROW
  WHEN (NEW.visibility = 'public' AND NEW.published_at IS NULL)
  EXECUTE FUNCTION posts_set_published_at();
--> statement-breakpoint
UPDATE posts SET published_at = created_at WHERE visibility = 'public' AND published_at IS NULL;
--> statement-breakpoint
-- posts.downloads_count: the sum of its files' download_count, for the mostDownloaded order.
CREATE OR REPLACE FUNCTION posts_count_downloads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.post_id IS NOT NULL THEN
    UPDATE posts SET downloads_count = greatest(downloads_count - OLD.download_count, 0) WHERE id = OLD.post_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.post_id IS NOT NULL THEN
    UPDATE posts SET downloads_count = downloads_count + NEW.download_count WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attachments_downloads_ai AFTER INSERT ON attachments FOR EACH ROW
  WHEN (NEW.download_count <> 0) EXECUTE FUNCTION posts_count_downloads();
--> statement-breakpoint
CREATE TRIGGER attachments_downloads_au AFTER UPDATE OF download_count, post_id ON attachments FOR EACH ROW
  WHEN (OLD.download_count IS DISTINCT FROM NEW.download_count OR OLD.post_id IS DISTINCT FROM NEW.post_id)
  EXECUTE FUNCTION posts_count_downloads();
--> statement-breakpoint
CREATE TRIGGER attachments_downloads_ad AFTER DELETE ON attachments FOR EACH ROW
  WHEN (OLD.download_count <> 0) EXECUTE FUNCTION posts_count_downloads();
--> statement-breakpoint
UPDATE posts SET downloads_count = counted.downloads
FROM (SELECT post_id, sum(download_count)::int AS downloads FROM attachments WHERE post_id IS NOT NULL GROUP BY post_id) counted
WHERE posts.id = counted.post_id AND counted.downloads <> 0;
--> statement-breakpoint
CREATE TRIGGER posts_change_feed_au AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['likes_count', 'bookmarks_count', 'comments_count', 'makes_count',
      'rated_makes_count', 'average_total_rating', 'downloads_count', 'updated_at'])
    IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['likes_count', 'bookmarks_count', 'comments_count',
      'makes_count', 'rated_makes_count', 'average_total_rating', 'downloads_count', 'updated_at']))
  EXECUTE FUNCTION change_feed_note_post_row('post');
--> statement-breakpoint
CREATE TRIGGER posts_change_feed_counters_au AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((OLD.likes_count, OLD.bookmarks_count, OLD.comments_count, OLD.makes_count, OLD.rated_makes_count,
      OLD.average_total_rating, OLD.downloads_count)
    IS DISTINCT FROM (NEW.likes_count, NEW.bookmarks_count, NEW.comments_count, NEW.makes_count,
      NEW.rated_makes_count, NEW.average_total_rating, NEW.downloads_count)
    AND (to_jsonb(OLD) - ARRAY['likes_count', 'bookmarks_count', 'comments_count', 'makes_count',
      'rated_makes_count', 'average_total_rating', 'downloads_count', 'updated_at'])
    IS NOT DISTINCT FROM (to_jsonb(NEW) - ARRAY['likes_count', 'bookmarks_count', 'comments_count',
      'makes_count', 'rated_makes_count', 'average_total_rating', 'downloads_count', 'updated_at']))
  EXECUTE FUNCTION change_feed_note_post_row('counters');
