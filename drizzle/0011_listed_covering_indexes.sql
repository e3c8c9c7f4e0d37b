DROP INDEX "posts_category_idx";--> statement-breakpoint
DROP INDEX "posts_rating_idx";--> statement-breakpoint
DROP INDEX "posts_listed_rating_idx";--> statement-breakpoint
DROP INDEX "posts_listed_category_idx";--> statement-breakpoint
DROP INDEX "posts_listed_laser_idx";--> statement-breakpoint
DROP INDEX "posts_listed_endmill_idx";--> statement-breakpoint
CREATE INDEX "posts_listed_rating_idx" ON "posts" USING btree ("average_total_rating","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_category_idx" ON "posts" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"tool_type_laser","tool_type_endmill","average_total_rating") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_laser_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"average_total_rating") WHERE "posts"."visibility" = 'public' and "posts"."tool_type_laser";--> statement-breakpoint
CREATE INDEX "posts_listed_endmill_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"average_total_rating") WHERE "posts"."visibility" = 'public' and "posts"."tool_type_endmill";