ALTER TABLE "cnc_variants" DROP CONSTRAINT "cnc_variants_work_area_positive";--> statement-breakpoint
ALTER TABLE "cnc_variants" ALTER COLUMN "travel_z_mm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cnc_variants" ADD COLUMN "controller" text;--> statement-breakpoint
ALTER TABLE "cnc_variants" ADD COLUMN "evidence" text;--> statement-breakpoint
ALTER TABLE "cnc_variants" ADD CONSTRAINT "cnc_variants_work_area_positive" CHECK ("cnc_variants"."work_area_x_mm" > 0 AND "cnc_variants"."work_area_y_mm" > 0 AND coalesce("cnc_variants"."travel_z_mm", 1) > 0);