ALTER TABLE "project_makes" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "bit_tool_id" uuid;--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "bit_text" text;--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "bit_diameter_mm" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "flutes" smallint;--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "feed_mm_per_min" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "rpm" integer;--> statement-breakpoint
ALTER TABLE "project_makes" ADD COLUMN "chipload_mm" numeric(8, 4);--> statement-breakpoint
ALTER TABLE "tool_data" ADD COLUMN "flutes" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_makes" ADD CONSTRAINT "project_makes_bit_tool_id_tool_data_id_fk" FOREIGN KEY ("bit_tool_id") REFERENCES "public"."tool_data"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_makes_bit_tool_idx" ON "project_makes" USING btree ("bit_tool_id") WHERE "project_makes"."bit_tool_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "project_makes_atlas_idx" ON "project_makes" USING btree ("material","bit_diameter_mm") WHERE "project_makes"."total_rating" IS NOT NULL AND "project_makes"."chipload_mm" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "project_makes" ADD CONSTRAINT "project_makes_flutes_range" CHECK ("project_makes"."flutes" IS NULL OR "project_makes"."flutes" BETWEEN 1 AND 8);--> statement-breakpoint
ALTER TABLE "tool_data" ADD CONSTRAINT "tool_data_flutes_range" CHECK ("tool_data"."flutes" BETWEEN 1 AND 8);