-- One partial index per `ratings` value (1-5 stars and up) replaces the rating-first index: a
-- rating filter's page is then a range scan in listing order however deep, and its total an
-- index-only count (docs/discovery.md, issue 15).
DROP INDEX "posts_listed_rating_idx";--> statement-breakpoint
CREATE INDEX "posts_listed_rated_1_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."average_total_rating" >= 1;--> statement-breakpoint
CREATE INDEX "posts_listed_rated_2_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."average_total_rating" >= 2;--> statement-breakpoint
CREATE INDEX "posts_listed_rated_3_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."average_total_rating" >= 3;--> statement-breakpoint
CREATE INDEX "posts_listed_rated_4_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."average_total_rating" >= 4;--> statement-breakpoint
CREATE INDEX "posts_listed_rated_5_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."average_total_rating" >= 5;