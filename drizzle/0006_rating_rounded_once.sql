-- A post's average rating is rounded once, at the end (issue 18): the mean of the makes' unrounded
-- weighted totals, rounded to one decimal. Before, it averaged totals already rounded to one
-- decimal per make, so makes averaging 1.925 showed 2 instead of 1.9.
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
           coalesce(round(avg(
             (25 * m.cut_expectation + 25 * m.cut_quality + 20 * m.correct_file_info + 30 * m.cool_factor)::numeric / 100
           ), 1), 0) AS average
    FROM (SELECT DISTINCT post_id FROM changed_rows) ids
    LEFT JOIN project_makes m ON m.post_id = ids.post_id
    GROUP BY ids.post_id
  ) s
  WHERE p.id = s.post_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing posts get the same figure.
UPDATE posts p SET average_total_rating = s.average
FROM (
  SELECT m.post_id,
         round(avg((25 * m.cut_expectation + 25 * m.cut_quality + 20 * m.correct_file_info + 30 * m.cool_factor)::numeric / 100), 1) AS average
  FROM project_makes m
  WHERE m.cut_expectation IS NOT NULL
  GROUP BY m.post_id
) s
WHERE p.id = s.post_id AND p.average_total_rating IS DISTINCT FROM s.average;
