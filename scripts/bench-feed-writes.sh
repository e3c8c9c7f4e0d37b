#!/usr/bin/env bash
# scripts/bench-feed-writes.sh [DATABASE_URL] [SECONDS] [ROUNDS]
# What the change feed (ADR 025) adds to a write: pgbench likes and unlikes one post at a time
# (each statement its own transaction, as the like API commits it; the like's counter trigger
# updates the post, whose feed trigger notes a `counters` row and notifies), with the feed's
# triggers enabled and disabled in turns, ROUNDS times each. Run it on a benchmark database (the
# one bench:api seeds) with no server on it: the triggers are off during the disabled turns and
# put back at the end; the likes it adds are removed again.
set -euo pipefail
url="${1:-${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/cnc_bench}}"
seconds="${2:-10}"
rounds="${3:-3}"
pairs=2000
work="$(mktemp -d)"

feed_triggers() {
  psql "$url" -qAt -c "SELECT tgrelid::regclass || ' ' || tgname FROM pg_trigger
    WHERE tgname LIKE '%change_feed%' AND NOT tgisinternal ORDER BY 1"
}
switch_feed() {
  feed_triggers | while read -r table trigger; do
    psql "$url" -q -c "ALTER TABLE $table $1 TRIGGER $trigger"
  done
}
restore() {
  switch_feed ENABLE
  if [[ -n "$(psql "$url" -qAt -c "SELECT to_regclass('bench_feed_pairs')")" ]]; then
    psql "$url" -q -c "DELETE FROM likes l USING bench_feed_pairs p WHERE (l.user_id, l.post_id) = (p.user_id, p.post_id);
      DROP TABLE bench_feed_pairs"
  fi
}
trap 'restore; rm -rf "$work"' EXIT

# Pairs of a bulk maker and a public post they have not liked.
psql "$url" -q -c "DROP TABLE IF EXISTS bench_feed_pairs;
  CREATE TABLE bench_feed_pairs AS
    SELECT row_number() OVER () AS n, u.id AS user_id, p.id AS post_id
    FROM (SELECT id FROM users WHERE username LIKE 'bulk\_%' ORDER BY id LIMIT 40) u
    CROSS JOIN LATERAL (SELECT id FROM posts WHERE visibility = 'public' ORDER BY md5(id::text || u.id::text) LIMIT $((pairs / 40))) p
    WHERE NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = u.id AND l.post_id = p.id);
  CREATE UNIQUE INDEX ON bench_feed_pairs (n); ANALYZE bench_feed_pairs"
count="$(psql "$url" -qAt -c 'SELECT count(*) FROM bench_feed_pairs')"
cat >"$work/like.sql" <<SQL
\set n random(1, $count)
INSERT INTO likes (user_id, post_id) SELECT user_id, post_id FROM bench_feed_pairs WHERE n = :n ON CONFLICT DO NOTHING;
DELETE FROM likes WHERE (user_id, post_id) = (SELECT user_id, post_id FROM bench_feed_pairs WHERE n = :n);
SQL

echo "[feed] $count pairs; $rounds rounds of ${seconds} s per setting, one client, one write per transaction"
# Each round measures both settings, in turns that alternate by round; then the same without
# waiting for the commit's flush (synchronous_commit off), which leaves the statements' own cost.
for commit in on off; do
  for round in $(seq 1 "$rounds"); do
    settings="ENABLE DISABLE"
    if ((round % 2 == 0)); then settings="DISABLE ENABLE"; fi
    for setting in $settings; do
      switch_feed "$setting"
      latency="$(PGOPTIONS="-c synchronous_commit=$commit" pgbench -n -c 1 -T "$seconds" -f "$work/like.sql" "$url" 2>/dev/null |
        awk '/^latency average/ { print $4 }')"
      label=on
      if [[ $setting == DISABLE ]]; then label=off; fi
      # Two writes (a like and an unlike) per pgbench transaction.
      echo "synchronous_commit $commit, round $round, feed $label: $(awk -v l="$latency" 'BEGIN { printf "%.3f", l / 2 }') ms per write"
    done
  done
done
