CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL,
	"post_count" integer NOT NULL,
	CONSTRAINT "title_words_post_count_positive" CHECK ("title_words"."post_count" > 0)
);
--> statement-breakpoint
CREATE INDEX "title_words_prefix_idx" ON "title_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "title_words_suffix_idx" ON "title_words" USING btree (reverse("word") text_pattern_ops);--> statement-breakpoint
-- The typo dictionary of suggestions: the words of public titles with their post counts. Words
-- are lower-case runs of a-z and 0-9, as lib/services/posts/queries/title-corrections.ts splits
-- the typed text. 'public' is the listing rule of lib/services/posts/post-access.ts.
CREATE OR REPLACE FUNCTION title_words_of(p_title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT m[1] FROM regexp_matches(lower(p_title), '[a-z0-9]+', 'g') AS m
$$;
--> statement-breakpoint
-- Adds the words of some titles and takes away those of others, net per word; a word whose count
-- reaches zero goes (so the CHECK never sees it).
CREATE OR REPLACE FUNCTION title_words_apply(p_added_titles text[], p_removed_titles text[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_words text[];
  v_deltas integer[];
  v_count integer;
BEGIN
  SELECT array_agg(d.word ORDER BY d.word), array_agg(d.n ORDER BY d.word) INTO v_words, v_deltas
  FROM (
    SELECT w.word, sum(t.delta)::int AS n
    FROM (SELECT unnest(p_added_titles) AS title, 1 AS delta
          UNION ALL SELECT unnest(p_removed_titles), -1) t
    CROSS JOIN LATERAL title_words_of(t.title) AS w(word)
    GROUP BY w.word
    HAVING sum(t.delta) <> 0
  ) d;
  IF v_words IS NULL THEN
    RETURN;
  END IF;
  -- One word at a time, in word order: every transaction then takes its row locks in the same
  -- order, so concurrent title changes wait for each other but never deadlock. (Locking the
  -- existing rows first with one SELECT ... FOR UPDATE did deadlock: a word inserted by a
  -- transaction that committed meanwhile is not in that statement's snapshot, so its row was
  -- locked later, out of order.)
  FOR i IN 1 .. array_length(v_words, 1) LOOP
    IF v_deltas[i] > 0 THEN
      INSERT INTO title_words AS t (word, post_count) VALUES (v_words[i], v_deltas[i])
      ON CONFLICT (word) DO UPDATE SET post_count = t.post_count + excluded.post_count;
    ELSE
      SELECT post_count INTO v_count FROM title_words WHERE word = v_words[i] FOR UPDATE;
      IF v_count + v_deltas[i] <= 0 THEN
        DELETE FROM title_words WHERE word = v_words[i];
      ELSIF v_count IS NOT NULL THEN
        UPDATE title_words SET post_count = v_count + v_deltas[i] WHERE word = v_words[i];
      END IF;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Statement-level on insert and delete, so a bulk insert (the seed) or a cascade counts once.
CREATE OR REPLACE FUNCTION posts_count_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_titles text[] := array(SELECT title FROM changed_rows WHERE visibility = 'public');
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM title_words_apply(v_titles, '{}');
  ELSE
    PERFORM title_words_apply('{}', v_titles);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_title_words_ai AFTER INSERT ON posts REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_count_title_words();
--> statement-breakpoint
CREATE TRIGGER posts_title_words_ad AFTER DELETE ON posts REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION posts_count_title_words();
--> statement-breakpoint
-- Row-level on update, and only when the title or the visibility really changes (the wizard saves
-- every field at once).
CREATE OR REPLACE FUNCTION posts_recount_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM title_words_apply(
    CASE WHEN NEW.visibility = 'public' THEN ARRAY[NEW.title] ELSE '{}' END,
    CASE WHEN OLD.visibility = 'public' THEN ARRAY[OLD.title] ELSE '{}' END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_title_words_au AFTER UPDATE OF title, visibility ON posts FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.visibility IS DISTINCT FROM NEW.visibility)
  EXECUTE FUNCTION posts_recount_title_words();
--> statement-breakpoint
INSERT INTO title_words (word, post_count)
SELECT w.word, count(*)::int
FROM posts p CROSS JOIN LATERAL title_words_of(p.title) AS w(word)
WHERE p.visibility = 'public'
GROUP BY w.word;
