-- Upload keys (docs/storage.md, "Write once"): a signed PUT URL writes to attachments.upload_key,
-- which nothing serves; confirm copies the checked bytes to storage_key. storage_deletions holds
-- the upload keys to delete once their URLs have expired.
CREATE TABLE "storage_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "upload_key" text;--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_upload_key_unique" UNIQUE("upload_key");