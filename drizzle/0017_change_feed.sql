-- The change feed (ADR 025): every write that changes what someone else sees is written down by
-- the triggers below, one row per changed key, and announced with NOTIFY cnc_changes; every server
-- process's caches follow it (lib/change-feed). Writes made outside the app are caught the same way.
CREATE TABLE "change_feed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"changed_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_feed_changed_by_idx" ON "change_feed" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "change_feed_changed_at_idx" ON "change_feed" USING btree ("changed_at");--> statement-breakpoint

-- Statement-level: one INSERT per statement, whatever its size (the seed, a cascade). TG_ARGV[0] is
-- the kind, TG_ARGV[1] an SQL expression over the changed row giving its key ('' for none).
CREATE OR REPLACE FUNCTION change_feed_note_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_expression text := CASE WHEN TG_ARGV[1] = '' THEN 'NULL::text' ELSE '(' || TG_ARGV[1] || ')::text' END;
  changed text;
  noted bigint;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s AS key FROM new_rows', key_expression)
    WHEN 'DELETE' THEN format('SELECT %s AS key FROM old_rows', key_expression)
    ELSE format('SELECT %1$s AS key FROM old_rows UNION SELECT %1$s FROM new_rows', key_expression)
  END;
  EXECUTE format(
    'INSERT INTO change_feed (kind, key) SELECT DISTINCT $1, key FROM (%s) changed WHERE key IS NOT NULL OR $2',
    changed)
    USING TG_ARGV[0], TG_ARGV[1] = '';
  GET DIAGNOSTICS noted = ROW_COUNT;
  IF noted > 0 THEN PERFORM pg_notify('cnc_changes', ''); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A post's own rows: created and deleted here, its updates row by row below.
CREATE TRIGGER posts_change_feed_ai AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'id');
--> statement-breakpoint
CREATE TRIGGER posts_change_feed_ad AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'id');
--> statement-breakpoint
-- What a project page shows besides the post row.
CREATE TRIGGER comments_change_feed_ai AFTER INSERT ON comments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER comments_change_feed_au AFTER UPDATE ON comments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER comments_change_feed_ad AFTER DELETE ON comments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER project_makes_change_feed_ai AFTER INSERT ON project_makes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER project_makes_change_feed_au AFTER UPDATE ON project_makes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER project_makes_change_feed_ad AFTER DELETE ON project_makes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_tags_change_feed_ai AFTER INSERT ON post_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_tags_change_feed_au AFTER UPDATE ON post_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_tags_change_feed_ad AFTER DELETE ON post_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_supported_machines_change_feed_ai AFTER INSERT ON post_supported_machines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_supported_machines_change_feed_au AFTER UPDATE ON post_supported_machines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER post_supported_machines_change_feed_ad AFTER DELETE ON post_supported_machines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER tool_data_change_feed_ai AFTER INSERT ON tool_data REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER tool_data_change_feed_au AFTER UPDATE ON tool_data REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
CREATE TRIGGER tool_data_change_feed_ad AFTER DELETE ON tool_data REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'post_id');
--> statement-breakpoint
-- A make's photos belong to the make's post.
CREATE TRIGGER attachments_change_feed_ai AFTER INSERT ON attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'coalesce(post_id, (SELECT m.post_id FROM project_makes m WHERE m.id = make_id))');
--> statement-breakpoint
CREATE TRIGGER attachments_change_feed_ad AFTER DELETE ON attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('post', 'coalesce(post_id, (SELECT m.post_id FROM project_makes m WHERE m.id = make_id))');
--> statement-breakpoint
-- Owned machines are shown on profiles and in the header.
CREATE TRIGGER owned_machines_change_feed_ai AFTER INSERT ON owned_machines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER owned_machines_change_feed_ad AFTER DELETE ON owned_machines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('user', 'user_id');
--> statement-breakpoint
-- Names shown on pages and filters: a change reaches every cached page (a new row changes none).
CREATE TRIGGER tags_change_feed_au AFTER UPDATE ON tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER tags_change_feed_ad AFTER DELETE ON tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER categories_change_feed_au AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER categories_change_feed_ad AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER partners_change_feed_au AFTER UPDATE ON partners REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER partners_change_feed_ad AFTER DELETE ON partners REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER cnc_brands_change_feed_au AFTER UPDATE ON cnc_brands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER cnc_brands_change_feed_ad AFTER DELETE ON cnc_brands REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER cnc_models_change_feed_au AFTER UPDATE ON cnc_models REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER cnc_models_change_feed_ad AFTER DELETE ON cnc_models REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER cnc_variants_change_feed_au AFTER UPDATE ON cnc_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER cnc_variants_change_feed_ad AFTER DELETE ON cnc_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_note_rows('catalogue', '');
--> statement-breakpoint
-- Row-level on update, so only a real change is written down, and a change of counters alone (a
-- like, a bookmark, a download; their triggers update these rows) is told apart: caches may let
-- counters lag. TG_ARGV[0] is the kind, the key the row's post.
CREATE OR REPLACE FUNCTION change_feed_note_post_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    INSERT INTO change_feed (kind, key) VALUES (TG_ARGV[0], NEW.id::text);
  ELSE
    -- An attachment: its post, or its make's post; both when it moved.
    INSERT INTO change_feed (kind, key)
    SELECT DISTINCT TG_ARGV[0], post_id::text FROM (
      SELECT coalesce(OLD.post_id, (SELECT m.post_id FROM project_makes m WHERE m.id = OLD.make_id)) AS post_id
      UNION SELECT coalesce(NEW.post_id, (SELECT m.post_id FROM project_makes m WHERE m.id = NEW.make_id))
    ) changed WHERE post_id IS NOT NULL;
  END IF;
  PERFORM pg_notify('cnc_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_change_feed_au AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['likes_count', 'bookmarks_count', 'comments_count', 'makes_count',
      'rated_makes_count', 'average_total_rating', 'updated_at'])
    IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['likes_count', 'bookmarks_count', 'comments_count',
      'makes_count', 'rated_makes_count', 'average_total_rating', 'updated_at']))
  EXECUTE FUNCTION change_feed_note_post_row('post');
--> statement-breakpoint
CREATE TRIGGER posts_change_feed_counters_au AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((OLD.likes_count, OLD.bookmarks_count, OLD.comments_count, OLD.makes_count, OLD.rated_makes_count,
      OLD.average_total_rating)
    IS DISTINCT FROM (NEW.likes_count, NEW.bookmarks_count, NEW.comments_count, NEW.makes_count,
      NEW.rated_makes_count, NEW.average_total_rating)
    AND (to_jsonb(OLD) - ARRAY['likes_count', 'bookmarks_count', 'comments_count', 'makes_count',
      'rated_makes_count', 'average_total_rating', 'updated_at'])
    IS NOT DISTINCT FROM (to_jsonb(NEW) - ARRAY['likes_count', 'bookmarks_count', 'comments_count',
      'makes_count', 'rated_makes_count', 'average_total_rating', 'updated_at']))
  EXECUTE FUNCTION change_feed_note_post_row('counters');
--> statement-breakpoint
CREATE TRIGGER attachments_change_feed_au AFTER UPDATE ON attachments FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'download_count') IS DISTINCT FROM (to_jsonb(NEW) - 'download_count'))
  EXECUTE FUNCTION change_feed_note_post_row('post');
--> statement-breakpoint
CREATE TRIGGER attachments_change_feed_counters_au AFTER UPDATE ON attachments FOR EACH ROW
  WHEN (OLD.download_count IS DISTINCT FROM NEW.download_count
    AND (to_jsonb(OLD) - 'download_count') IS NOT DISTINCT FROM (to_jsonb(NEW) - 'download_count'))
  EXECUTE FUNCTION change_feed_note_post_row('counters');
--> statement-breakpoint
-- What others see of a user: the profile, and the author line of every post of theirs.
CREATE OR REPLACE FUNCTION change_feed_note_user_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_feed (kind, key) VALUES ('user', NEW.id::text);
  INSERT INTO change_feed (kind, key) SELECT 'post', id::text FROM posts WHERE user_id = NEW.id;
  PERFORM pg_notify('cnc_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_change_feed_au AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.email, OLD.firstname, OLD.lastname, OLD.website, OLD.profile_picture,
      OLD.is_verified, OLD.is_onefinity_official, OLD.is_user_signup_complete, OLD.privacy_email,
      OLD.privacy_firstname, OLD.privacy_lastname, OLD.privacy_website)
    IS DISTINCT FROM (NEW.username, NEW.email, NEW.firstname, NEW.lastname, NEW.website,
      NEW.profile_picture, NEW.is_verified, NEW.is_onefinity_official, NEW.is_user_signup_complete,
      NEW.privacy_email, NEW.privacy_firstname, NEW.privacy_lastname, NEW.privacy_website))
  EXECUTE FUNCTION change_feed_note_user_row();
