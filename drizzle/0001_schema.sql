CREATE TYPE "public"."attachment_category" AS ENUM('postMedia', 'postModel', 'postThumbnail', 'postZip', 'projectMakeImages');--> statement-breakpoint
CREATE TYPE "public"."attachment_parent_type" AS ENUM('post', 'projectMake');--> statement-breakpoint
CREATE TYPE "public"."attachment_status" AS ENUM('pending', 'ready');--> statement-breakpoint
CREATE TYPE "public"."resource_type" AS ENUM('image', 'youtube', 'model', 'thumbnail', 'zip', 'other');--> statement-breakpoint
CREATE TYPE "public"."job_type" AS ENUM('Single Sided', 'Double Sided', 'Rotary', 'Tile');--> statement-breakpoint
CREATE TYPE "public"."post_visibility" AS ENUM('draft', 'private', 'public', 'unlisted');--> statement-breakpoint
CREATE TYPE "public"."tool_family" AS ENUM('Endmill', 'Laser');--> statement-breakpoint
CREATE TYPE "public"."tool_unit" AS ENUM('inches', 'mm');--> statement-breakpoint
CREATE TYPE "public"."units" AS ENUM('Inches', 'MM');--> statement-breakpoint
CREATE TYPE "public"."taxonomy_type" AS ENUM('post');--> statement-breakpoint
CREATE TYPE "public"."auth_provider" AS ENUM('email', 'google');--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_type" "attachment_parent_type" NOT NULL,
	"post_id" uuid,
	"make_id" uuid,
	"category" "attachment_category" NOT NULL,
	"resource_type" "resource_type" NOT NULL,
	"status" "attachment_status" DEFAULT 'pending' NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text,
	"file_size" bigint,
	"content_type" text,
	"storage_key" text,
	"external_url" text,
	"download_count" integer DEFAULT 0 NOT NULL,
	"gcode_analysis" jsonb,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "attachments_one_parent" CHECK (("attachments"."parent_type" = 'post' AND "attachments"."post_id" IS NOT NULL AND "attachments"."make_id" IS NULL)
        OR ("attachments"."parent_type" = 'projectMake' AND "attachments"."make_id" IS NOT NULL AND "attachments"."post_id" IS NULL)),
	CONSTRAINT "attachments_has_location" CHECK ("attachments"."storage_key" IS NOT NULL OR "attachments"."external_url" IS NOT NULL),
	CONSTRAINT "attachments_file_size_positive" CHECK ("attachments"."file_size" IS NULL OR "attachments"."file_size" > 0),
	CONSTRAINT "attachments_download_count_non_negative" CHECK ("attachments"."download_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "download_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"attachment_id" uuid,
	"post_id" uuid,
	"file_name" text NOT NULL,
	"title" text NOT NULL,
	"resource_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cnc_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cnc_brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cnc_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cnc_models_brand_name_unique" UNIQUE("brand_id","name")
);
--> statement-breakpoint
CREATE TABLE "cnc_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"work_area_x_mm" numeric(8, 2) NOT NULL,
	"work_area_y_mm" numeric(8, 2) NOT NULL,
	"travel_z_mm" numeric(8, 2) NOT NULL,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cnc_variants_model_name_unique" UNIQUE("model_id","name"),
	CONSTRAINT "cnc_variants_work_area_positive" CHECK ("cnc_variants"."work_area_x_mm" > 0 AND "cnc_variants"."work_area_y_mm" > 0 AND "cnc_variants"."travel_z_mm" > 0)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"comment" text NOT NULL,
	"plain_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_not_empty" CHECK (length(trim("comments"."plain_text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "project_makes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"printed_on_id" uuid,
	"is_printed" boolean NOT NULL,
	"cut_expectation" smallint,
	"cut_quality" smallint,
	"correct_file_info" smallint,
	"cool_factor" smallint,
	"total_rating" numeric(2, 1) GENERATED ALWAYS AS (round((25 * cut_expectation + 25 * cut_quality + 20 * correct_file_info + 30 * cool_factor)::numeric / 100, 1)) STORED,
	"caption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_makes_ratings_range" CHECK (coalesce("project_makes"."cut_expectation", 1) BETWEEN 1 AND 5 AND coalesce("project_makes"."cut_quality", 1) BETWEEN 1 AND 5
        AND coalesce("project_makes"."correct_file_info", 1) BETWEEN 1 AND 5 AND coalesce("project_makes"."cool_factor", 1) BETWEEN 1 AND 5),
	CONSTRAINT "project_makes_ratings_iff_printed" CHECK (CASE WHEN "project_makes"."is_printed"
        THEN num_nulls("project_makes"."cut_expectation", "project_makes"."cut_quality", "project_makes"."correct_file_info", "project_makes"."cool_factor") = 0
        ELSE num_nonnulls("project_makes"."cut_expectation", "project_makes"."cut_quality", "project_makes"."correct_file_info", "project_makes"."cool_factor") = 0 END)
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_supported_machines" (
	"post_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	CONSTRAINT "post_supported_machines_post_id_variant_id_pk" PRIMARY KEY("post_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_id_pk" PRIMARY KEY("post_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"sub_category" text,
	"partner_id" uuid,
	"visibility" "post_visibility" DEFAULT 'draft' NOT NULL,
	"current_page" smallint DEFAULT 1 NOT NULL,
	"thumbnail_id" uuid,
	"zip_id" uuid,
	"built_with" text,
	"onefinity_model" text,
	"onefinity_controller" text,
	"onefinity_size" text,
	"original_machine_id" uuid,
	"software_used" text,
	"material_used" text,
	"job_type" "job_type",
	"units" "units",
	"job_size_width" numeric(10, 3),
	"job_size_height" numeric(10, 3),
	"job_size_thickness" numeric(10, 3),
	"job_size_diameter" numeric(10, 3),
	"job_size_length" numeric(10, 3),
	"z_zero_position" text,
	"xy_datum_position" text,
	"laser_or_endmill" "tool_family",
	"tool_setter" text,
	"probe_for_z_height_command" text,
	"spindle_speed" integer,
	"licence_type" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"bookmarks_count" integer DEFAULT 0 NOT NULL,
	"makes_count" integer DEFAULT 0 NOT NULL,
	"rated_makes_count" integer DEFAULT 0 NOT NULL,
	"average_total_rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_current_page_range" CHECK ("posts"."current_page" BETWEEN 1 AND 8),
	CONSTRAINT "posts_spindle_speed_range" CHECK ("posts"."spindle_speed" IS NULL OR "posts"."spindle_speed" BETWEEN 6000 AND 24000),
	CONSTRAINT "posts_job_size_positive" CHECK (coalesce("posts"."job_size_width", 1) > 0 AND coalesce("posts"."job_size_height", 1) > 0
        AND coalesce("posts"."job_size_thickness", 1) > 0 AND coalesce("posts"."job_size_diameter", 1) > 0
        AND coalesce("posts"."job_size_length", 1) > 0),
	CONSTRAINT "posts_job_size_matches_type" CHECK (CASE WHEN "posts"."job_type" = 'Rotary'
        THEN "posts"."job_size_width" IS NULL AND "posts"."job_size_height" IS NULL AND "posts"."job_size_thickness" IS NULL
        ELSE "posts"."job_size_diameter" IS NULL AND "posts"."job_size_length" IS NULL END),
	CONSTRAINT "posts_counts_non_negative" CHECK ("posts"."likes_count" >= 0 AND "posts"."comments_count" >= 0 AND "posts"."bookmarks_count" >= 0
        AND "posts"."makes_count" >= 0 AND "posts"."rated_makes_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tool_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"laser_or_endmill" "tool_family" NOT NULL,
	"tool_unit" "tool_unit",
	"tool_used" numeric(10, 4),
	"tool_type" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_data_size_range" CHECK ("tool_data"."tool_used" IS NULL OR ("tool_data"."tool_unit" = 'inches' AND "tool_data"."tool_used" BETWEEN 0.01 AND 10)
        OR ("tool_data"."tool_unit" = 'mm' AND "tool_data"."tool_used" BETWEEN 0.01 AND 1000)),
	CONSTRAINT "tool_data_endmill_complete" CHECK ("tool_data"."laser_or_endmill" = 'Laser' OR ("tool_data"."tool_unit" IS NOT NULL AND "tool_data"."tool_used" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "taxonomy_type" DEFAULT 'post' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "partners_color_hex" CHECK ("partners"."color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "taxonomy_type" DEFAULT 'post' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_not_blank" CHECK (length(trim("tags"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "oauth_accounts" (
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_accounts_provider_provider_account_id_pk" PRIMARY KEY("provider","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_codes_attempts_range" CHECK ("otp_codes"."failed_attempts" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "owned_machines" (
	"user_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owned_machines_user_id_variant_id_pk" PRIMARY KEY("user_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"website" text,
	"profile_picture" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_onefinity_official" boolean DEFAULT false NOT NULL,
	"auth_provider" "auth_provider" DEFAULT 'email' NOT NULL,
	"is_user_signup_complete" boolean DEFAULT true NOT NULL,
	"privacy_email" boolean DEFAULT true NOT NULL,
	"privacy_firstname" boolean DEFAULT true NOT NULL,
	"privacy_lastname" boolean DEFAULT true NOT NULL,
	"privacy_website" boolean DEFAULT true NOT NULL,
	"located_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_password_for_email_accounts" CHECK ("users"."auth_provider" <> 'email' OR "users"."password_hash" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_make_id_project_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."project_makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_logs" ADD CONSTRAINT "download_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_logs" ADD CONSTRAINT "download_logs_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_logs" ADD CONSTRAINT "download_logs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnc_models" ADD CONSTRAINT "cnc_models_brand_id_cnc_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."cnc_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnc_variants" ADD CONSTRAINT "cnc_variants_model_id_cnc_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."cnc_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_makes" ADD CONSTRAINT "project_makes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_makes" ADD CONSTRAINT "project_makes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_makes" ADD CONSTRAINT "project_makes_printed_on_id_cnc_variants_id_fk" FOREIGN KEY ("printed_on_id") REFERENCES "public"."cnc_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_supported_machines" ADD CONSTRAINT "post_supported_machines_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_supported_machines" ADD CONSTRAINT "post_supported_machines_variant_id_cnc_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."cnc_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_thumbnail_id_attachments_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_zip_id_attachments_id_fk" FOREIGN KEY ("zip_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_original_machine_id_cnc_variants_id_fk" FOREIGN KEY ("original_machine_id") REFERENCES "public"."cnc_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_data" ADD CONSTRAINT "tool_data_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_data" ADD CONSTRAINT "tool_data_model_id_attachments_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_machines" ADD CONSTRAINT "owned_machines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_machines" ADD CONSTRAINT "owned_machines_variant_id_cnc_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."cnc_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_post_idx" ON "attachments" USING btree ("post_id","category","position");--> statement-breakpoint
CREATE INDEX "attachments_make_idx" ON "attachments" USING btree ("make_id");--> statement-breakpoint
CREATE INDEX "attachments_user_idx" ON "attachments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "download_logs_user_created_idx" ON "download_logs" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cnc_models_brand_idx" ON "cnc_models" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "cnc_variants_model_idx" ON "cnc_variants" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "comments_post_commented_idx" ON "comments" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_makes_post_created_idx" ON "project_makes" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "project_makes_user_idx" ON "project_makes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_post_idx" ON "bookmarks" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "likes_post_idx" ON "likes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_supported_machines_variant_idx" ON "post_supported_machines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_idx" ON "post_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "posts_visibility_created_idx" ON "posts" USING btree ("visibility","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_category_idx" ON "posts" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_partner_idx" ON "posts" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "posts_rating_idx" ON "posts" USING btree ("average_total_rating");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tool_data_post_idx" ON "tool_data" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "tool_data_family_post_idx" ON "tool_data" USING btree ("laser_or_endmill","post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_type_name_unique" ON "categories" USING btree ("type",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_type_name_unique" ON "tags" USING btree ("type",lower("name"));--> statement-breakpoint
CREATE INDEX "oauth_accounts_user_idx" ON "oauth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otp_codes_user_created_idx" ON "otp_codes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "owned_machines_variant_idx" ON "owned_machines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);