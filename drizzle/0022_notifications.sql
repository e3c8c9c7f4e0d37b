CREATE TYPE "public"."notification_kind" AS ENUM('followed-maker-published', 'comment-on-your-project', 'make-on-your-project', 'remix-of-your-project', 'project-approved', 'project-rejected', 'downloaded-project-updated');--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"actor_id" uuid,
	"post_id" uuid,
	"detail" text,
	"read_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "files_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","follower_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_undigested_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."digested_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "download_logs_post_user_idx" ON "download_logs" USING btree ("post_id","user_id","created_at");--> statement-breakpoint
-- posts.files_changed_at: when a stored model or media file of the post arrived, changed or went.
-- The thumbnails and the 'Download All' zip are made from those files, so they do not count.
CREATE OR REPLACE FUNCTION posts_note_files_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_post uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  UPDATE posts SET files_changed_at = now() WHERE id = changed_post;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attachments_files_changed_ai AFTER INSERT ON attachments FOR EACH ROW
  WHEN (NEW.post_id IS NOT NULL AND NEW.status = 'ready' AND NEW.storage_key IS NOT NULL
    AND NEW.category IN ('postModel', 'postMedia'))
  EXECUTE FUNCTION posts_note_files_changed();
--> statement-breakpoint
CREATE TRIGGER attachments_files_changed_au AFTER UPDATE OF status, storage_key ON attachments FOR EACH ROW
  WHEN (NEW.post_id IS NOT NULL AND NEW.status = 'ready' AND NEW.storage_key IS NOT NULL
    AND NEW.category IN ('postModel', 'postMedia')
    AND (OLD.status, OLD.storage_key) IS DISTINCT FROM (NEW.status, NEW.storage_key))
  EXECUTE FUNCTION posts_note_files_changed();
--> statement-breakpoint
CREATE TRIGGER attachments_files_changed_ad AFTER DELETE ON attachments FOR EACH ROW
  WHEN (OLD.post_id IS NOT NULL AND OLD.status = 'ready' AND OLD.storage_key IS NOT NULL
    AND OLD.category IN ('postModel', 'postMedia'))
  EXECUTE FUNCTION posts_note_files_changed();
