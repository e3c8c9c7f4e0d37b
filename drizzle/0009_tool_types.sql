DROP INDEX "attachments_model_laser_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tool_type_laser" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tool_type_endmill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- posts.tool_type_laser / tool_type_endmill: whether GET /api/v1/post?toolType=... lists the post.
-- A post matches a family when one of its tools is of that family, or when the G-code engine read
-- one of its models as that kind of job (docs/gcode.md, "Laser jobs"). Recomputed for the posts a
-- statement touched; a post whose answer did not change is not written.
CREATE OR REPLACE FUNCTION posts_refresh_tool_types(p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE posts p SET tool_type_laser = f.laser, tool_type_endmill = f.endmill
  FROM (
    SELECT q.id,
      EXISTS (SELECT 1 FROM tool_data t WHERE t.post_id = q.id AND t.laser_or_endmill = 'Laser')
        OR EXISTS (SELECT 1 FROM attachments a WHERE a.post_id = q.id AND a.category = 'postModel'
          AND (a.gcode_analysis ->> 'isLaser') = 'true') AS laser,
      EXISTS (SELECT 1 FROM tool_data t WHERE t.post_id = q.id AND t.laser_or_endmill = 'Endmill')
        OR EXISTS (SELECT 1 FROM attachments a WHERE a.post_id = q.id AND a.category = 'postModel'
          AND (a.gcode_analysis ->> 'isLaser') = 'false') AS endmill
    FROM (SELECT DISTINCT unnest(p_ids) AS id) q
  ) f
  WHERE p.id = f.id AND (p.tool_type_laser, p.tool_type_endmill) IS DISTINCT FROM (f.laser, f.endmill)
$$;
--> statement-breakpoint
-- Statement-level with transition tables, like the search triggers: a bulk insert of tools or
-- attachments refreshes each post once. An update may move a row between posts, so both sides count.
CREATE OR REPLACE FUNCTION tool_rows_refresh_tool_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM posts_refresh_tool_types(ARRAY(SELECT post_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM posts_refresh_tool_types(ARRAY(SELECT post_id FROM old_rows));
  ELSE
    PERFORM posts_refresh_tool_types(ARRAY(SELECT post_id FROM new_rows UNION SELECT post_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_data_tool_types_ai AFTER INSERT ON tool_data REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tool_rows_refresh_tool_types();
--> statement-breakpoint
CREATE TRIGGER tool_data_tool_types_ad AFTER DELETE ON tool_data REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tool_rows_refresh_tool_types();
--> statement-breakpoint
CREATE TRIGGER tool_data_tool_types_au AFTER UPDATE ON tool_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tool_rows_refresh_tool_types();
--> statement-breakpoint
CREATE TRIGGER attachments_tool_types_ai AFTER INSERT ON attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tool_rows_refresh_tool_types();
--> statement-breakpoint
CREATE TRIGGER attachments_tool_types_ad AFTER DELETE ON attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tool_rows_refresh_tool_types();
--> statement-breakpoint
CREATE TRIGGER attachments_tool_types_au AFTER UPDATE ON attachments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tool_rows_refresh_tool_types();
--> statement-breakpoint
-- Existing posts, before their indexes are built.
SELECT posts_refresh_tool_types(ARRAY(
  SELECT post_id FROM tool_data UNION SELECT post_id FROM attachments WHERE category = 'postModel'));
--> statement-breakpoint
CREATE INDEX "posts_listed_rating_idx" ON "posts" USING btree ("average_total_rating") WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_category_idx" ON "posts" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "posts_listed_laser_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."tool_type_laser";--> statement-breakpoint
CREATE INDEX "posts_listed_endmill_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."visibility" = 'public' and "posts"."tool_type_endmill";