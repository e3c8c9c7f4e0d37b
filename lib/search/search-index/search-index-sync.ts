import "server-only";
import { sql } from "drizzle-orm";
import { BoundedMap } from "@/lib/cache/bounded-map";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { listedPostSearch } from "@/lib/db/schema";
import { changedPostsQuery, ListedIndexSync, readInSnapshot } from "../listed-index-sync";
import { SearchIndex, type SearchChange, type SearchRow, type SearchWindow } from "./search-index";
import { parsedSearchQuery } from "./search-query";
import type { TsQueryNode } from "./ts-query";

/**
 * Keeps this process's search index (./search-index.ts) in step with listed_post_search (ADR
 * 023), by the catch-up that ../listed-index-sync.ts describes. The first build (about a second
 * at 100k posts) runs in the background; searches are ranked by PostgreSQL until it is done.
 */

/** Creation time in microseconds, exact (a double holds them to the year 2255). */
const createdAtMicros = sql<string>`(extract(epoch from ${listedPostSearch.createdAt}) * 1000000)::int8::text`;

interface ChangeRow extends Record<string, unknown> {
  xmin: string;
  id: string | null;
  micros: string | null;
  vector: string | null;
}

/** Every listed search row, in listing order, with the xmin of the snapshot they were read in. */
export async function readListedSearchRows(database: Database): Promise<{ rows: SearchRow[]; xmin: string }> {
  const { result, xmin } = await readInSnapshot(database, (tx) =>
    tx
      .select({
        id: listedPostSearch.postId,
        micros: createdAtMicros,
        vector: sql<string>`${listedPostSearch.searchVector}::text`,
      })
      .from(listedPostSearch)
      .orderBy(sql`${listedPostSearch.createdAt} desc, ${listedPostSearch.postId} desc`),
  );
  return {
    rows: result.map((row) => ({ id: row.id, createdAtMicros: Number(row.micros), vector: row.vector })),
    xmin,
  };
}

/** The posts changed by transaction `xmin` or later, their search rows now, and the next xmin. */
export function changedSearchRowsQuery(xmin: string) {
  return changedPostsQuery(
    xmin,
    sql`${createdAtMicros} as micros, ${listedPostSearch.searchVector}::text as vector`,
    sql`left join ${listedPostSearch} on ${listedPostSearch.postId} = c.post_id`,
  );
}

const sync = new ListedIndexSync<SearchIndex, SearchChange>("cnc.searchIndexSync", {
  name: "search",
  rebuildAbove: 2_000,
  async build(database) {
    const { rows, xmin } = await readListedSearchRows(database);
    return { index: SearchIndex.build(rows), xmin };
  },
  async changes(database, xmin) {
    const { rows } = await database.execute<ChangeRow>(changedSearchRowsQuery(xmin));
    const changes: SearchChange[] = [];
    for (const row of rows) {
      if (row.id === null) continue;
      const listed = row.micros !== null && row.vector !== null;
      changes.push({
        id: row.id,
        row: listed ? { id: row.id, createdAtMicros: Number(row.micros), vector: row.vector! } : null,
      });
    }
    return { changes, xmin: rows[0]!.xmin };
  },
});

/** Search texts as parsed tsqueries (the stemming is the database's); a bound, not data. */
const parsedSearches = new BoundedMap<string, TsQueryNode | null>(5_000);

/**
 * A search's first `limit` ids in listing order and the count of all its matches, from this
 * process's search index caught up with every committed write: the same answer as PostgreSQL's
 * window statement, ranked by the same ts_rank, without reading every match there. Null while
 * the index is first built, or for a query the index does not read (web-search syntax with
 * phrases or negation, or only stop words): PostgreSQL ranks those.
 */
export async function indexedSearchWindow(searchQuery: string, limit: number): Promise<SearchWindow | null> {
  const index = await sync.currentOnceBuilt();
  if (!index) return null;
  let query = parsedSearches.get(searchQuery);
  if (query === undefined) {
    query = await parsedSearchQuery(db(), searchQuery);
    parsedSearches.set(searchQuery, query);
  }
  return query ? index.window(query, limit) : null;
}
