-- Full-text search: title (A) > tag names (B) > description (C), kept in posts.search_vector.
CREATE OR REPLACE FUNCTION post_search_document(p_id uuid, p_title text, p_description text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('english', coalesce((
           SELECT string_agg(replace(t.name, '-', ' '), ' ')
           FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
           WHERE pt.post_id = p_id), '')), 'B')
      || setweight(to_tsvector('english', coalesce(p_description, '')), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_set_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := post_search_document(NEW.id, NEW.title, NEW.description);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_search_vector_biu BEFORE INSERT OR UPDATE OF title, description ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_set_search_vector();
--> statement-breakpoint
-- Statement-level with transition tables so bulk tag inserts refresh each post once.
CREATE OR REPLACE FUNCTION post_tags_refresh_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET search_vector = post_search_document(p.id, p.title, p.description)
  WHERE p.id IN (SELECT DISTINCT post_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_tags_search_ai AFTER INSERT ON post_tags REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_tags_refresh_search();
--> statement-breakpoint
CREATE TRIGGER post_tags_search_ad AFTER DELETE ON post_tags REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_tags_refresh_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tags_refresh_post_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET search_vector = post_search_document(p.id, p.title, p.description)
  WHERE p.id IN (SELECT pt.post_id FROM post_tags pt WHERE pt.tag_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tags_search_au AFTER UPDATE OF name ON tags
  FOR EACH ROW EXECUTE FUNCTION tags_refresh_post_search();
--> statement-breakpoint
-- Counters on posts, changed in the same transaction as the row that counts, so they stay exact
-- under concurrent clicks. TG_ARGV[0] names the posts column.
CREATE OR REPLACE FUNCTION posts_bump_counter() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  EXECUTE format(
    'UPDATE posts p SET %1$I = p.%1$I + $1 * d.n
     FROM (SELECT post_id, count(*)::int AS n FROM changed_rows GROUP BY post_id) d
     WHERE p.id = d.post_id', TG_ARGV[0])
  USING delta;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER likes_count_ai AFTER INSERT ON likes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_bump_counter('likes_count');
--> statement-breakpoint
CREATE TRIGGER likes_count_ad AFTER DELETE ON likes REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_bump_counter('likes_count');
--> statement-breakpoint
CREATE TRIGGER bookmarks_count_ai AFTER INSERT ON bookmarks REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_bump_counter('bookmarks_count');
--> statement-breakpoint
CREATE TRIGGER bookmarks_count_ad AFTER DELETE ON bookmarks REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_bump_counter('bookmarks_count');
--> statement-breakpoint
CREATE TRIGGER comments_count_ai AFTER INSERT ON comments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_bump_counter('comments_count');
--> statement-breakpoint
CREATE TRIGGER comments_count_ad AFTER DELETE ON comments REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_bump_counter('comments_count');
--> statement-breakpoint
-- Makes: count, rated count and the mean weighted total, recomputed for the posts touched.
CREATE OR REPLACE FUNCTION posts_refresh_make_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET
    makes_count = s.makes,
    rated_makes_count = s.rated,
    average_total_rating = s.average
  FROM (
    SELECT ids.post_id,
           count(m.id)::int AS makes,
           count(m.total_rating)::int AS rated,
           coalesce(round(avg(m.total_rating), 2), 0) AS average
    FROM (SELECT DISTINCT post_id FROM changed_rows) ids
    LEFT JOIN project_makes m ON m.post_id = ids.post_id
    GROUP BY ids.post_id
  ) s
  WHERE p.id = s.post_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_makes_stats_ai AFTER INSERT ON project_makes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_refresh_make_stats();
--> statement-breakpoint
CREATE TRIGGER project_makes_stats_ad AFTER DELETE ON project_makes REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_refresh_make_stats();
--> statement-breakpoint
CREATE TRIGGER project_makes_stats_au AFTER UPDATE ON project_makes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_refresh_make_stats();
