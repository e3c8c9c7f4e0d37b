import "server-only";
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { posts, users } from "@/lib/db/schema";
import { changedPostsQuery, ListedIndexSync, readInSnapshot } from "../listed-index-sync";
import { TitleIndex, type TitleChange, type TitleRow } from "./title-index";

/**
 * Keeps this process's title index (./title-index.ts) in step with the database (ADR 021), by the
 * catch-up that ../listed-index-sync.ts describes: a suggestion sees every write committed a
 * second before it, and a member's own new title at once. Which posts are listed is the
 * services' rule (`listed`, a condition on posts), passed in.
 */

const suggestionColumns = {
  id: posts.id,
  title: posts.title,
  username: users.username,
  createdAt: posts.createdAt,
};

const toTitleRow = (row: { id: string; title: string; username: string; createdAt: Date }): TitleRow => ({
  id: row.id,
  title: row.title,
  username: row.username,
  createdAt: row.createdAt.getTime(),
});

/** Every listed post, in listing order, with the xmin of the snapshot they were read in. */
export async function readListedTitles(
  database: Database,
  listed: SQL,
): Promise<{ rows: TitleRow[]; xmin: string }> {
  const { result, xmin } = await readInSnapshot(database, (tx) =>
    tx
      .select(suggestionColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(listed)
      .orderBy(desc(posts.createdAt), desc(posts.id)),
  );
  return { rows: result.map(toTitleRow), xmin };
}

interface ChangeRow extends Record<string, unknown> {
  xmin: string;
  id: string | null;
  title: string | null;
  username: string | null;
  created_at: string | Date | null;
  listed: boolean | null;
}

/** The posts changed by transaction `xmin` or later, as they are now, and the next xmin. */
export function changedTitlesQuery(xmin: string, listed: SQL) {
  return changedPostsQuery(
    xmin,
    sql`${posts.title} as title, ${users.username} as username, ${posts.createdAt} as created_at,
      coalesce(${listed}, false) as listed`,
    sql`left join ${posts} on ${posts.id} = c.post_id left join ${users} on ${users.id} = ${posts.userId}`,
  );
}

/**
 * The title index of the posts `listed` selects, current to a second; built on first use (about
 * 0.3 s at 100k posts). One per process: its state lives on globalThis under one key.
 */
export function listedTitleIndex(listed: SQL): () => Promise<TitleIndex> {
  const sync = new ListedIndexSync<TitleIndex, TitleChange>("cnc.titleIndexSync", {
    name: "suggestions",
    rebuildAbove: 2_000,
    async build(database) {
      const { rows, xmin } = await readListedTitles(database, listed);
      return { index: TitleIndex.build(rows), xmin };
    },
    async changes(database, xmin) {
      const { rows } = await database.execute<ChangeRow>(changedTitlesQuery(xmin, listed));
      const changes: TitleChange[] = [];
      for (const row of rows) {
        if (row.id === null) continue;
        const isListed =
          row.listed === true && row.title !== null && row.username !== null && row.created_at !== null;
        changes.push({
          id: row.id,
          row: isListed
            ? {
                id: row.id,
                title: row.title!,
                username: row.username!,
                createdAt: new Date(row.created_at!).getTime(),
              }
            : null,
        });
      }
      return { changes, xmin: rows[0]!.xmin };
    },
  });
  return () => sync.current();
}
