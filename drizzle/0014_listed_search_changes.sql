-- The search index of listings kept in each server process (ADR 023) follows listed_post_search
-- through the change log of the title index (ADR 021): every post whose listed search row is
-- added, removed, or changes its vector or creation time is written down with the writing
-- transaction's id. Statement-level on insert and delete, so a bulk insert or a cascade is one
-- statement; row-level on update, only when the vector or the creation time really changes.
CREATE OR REPLACE FUNCTION listed_post_search_note_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_title_changes (post_id) SELECT post_id FROM changed_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listed_post_search_changes_ai AFTER INSERT ON listed_post_search
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listed_post_search_note_changes();
--> statement-breakpoint
CREATE TRIGGER listed_post_search_changes_ad AFTER DELETE ON listed_post_search
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listed_post_search_note_changes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listed_post_search_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_title_changes (post_id) VALUES (NEW.post_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listed_post_search_changes_au AFTER UPDATE ON listed_post_search
  FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION listed_post_search_note_change();
