import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { latestProjectPageChangeAt } from "@/lib/cache/project-page-changes";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { listedTitleChanges, posts, users } from "@/lib/db/schema";
import { listedPostsWhere } from "../post-access";
import { TitleIndex, type TitleChange, type TitleRow } from "./title-index";

/**
 * Keeps this process's title index (./title-index.ts) in step with the database (ADR 021).
 *
 * Triggers write the id of every post whose suggestion row changes into listed_title_changes, with
 * the writing transaction's id. The index remembers the xmin of the snapshot it is current to:
 * every transaction below it had ended by then, so catching up reads the changes written by that
 * transaction id or later (those still running then included) and the rows of those posts now,
 * in one statement whose own snapshot's xmin is the next mark. A change is never missed, whatever
 * order the writers commit in; one read twice is harmless.
 *
 * A suggestion catches up first when the index last did more than FRESHNESS_MS ago, or when this
 * process or a sibling has changed a project page since (a member's own new title shows at once);
 * so an answer holds every write committed FRESHNESS_MS before it, at the cost of one small
 * statement a second. The state lives on globalThis: the server process loads this module twice
 * (ADR 009).
 */
export const FRESHNESS_MS = 1_000;
/** Past this many changed rows (each searched by a scan) the base is built again, in the background. */
const REBUILD_ABOVE_CHANGES = 2_000;
/** How long listed_title_changes keeps a change; an index idle for half that is built again. */
const CHANGE_RETENTION_MINUTES = 60;
const REBUILD_AFTER_IDLE_MS = (CHANGE_RETENTION_MINUTES / 2) * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

interface SyncState {
  index: TitleIndex | null;
  /** Bumped by every build, so a catch-up read against an older base is dropped. */
  generation: number;
  /** The snapshot xmin the index is current to (a transaction id, as text). */
  xmin: string;
  /** When the last completed build or catch-up read its snapshot (ms). */
  caughtUpAt: number;
  catchingUp: Promise<void> | null;
  rebuilding: boolean;
  prunedAt: number;
}

const STATE_KEY = Symbol.for("cnc.titleIndexSync");

function syncState(): SyncState {
  const registry = globalThis as unknown as Record<symbol, SyncState | undefined>;
  return (registry[STATE_KEY] ??= {
    index: null,
    generation: 0,
    xmin: "0",
    caughtUpAt: 0,
    catchingUp: null,
    rebuilding: false,
    prunedAt: 0,
  });
}

/** The title index, current to FRESHNESS_MS; built on first use (about 0.3 s at 100k posts). */
export async function titleIndex(): Promise<TitleIndex> {
  const state = syncState();
  const stale = Date.now() - state.caughtUpAt >= FRESHNESS_MS || latestProjectPageChangeAt() >= state.caughtUpAt;
  if (!state.index || stale) await catchUp(state);
  return state.index!;
}

/** One catch-up at a time; requests that find the index stale wait for the same one. */
function catchUp(state: SyncState): Promise<void> {
  state.catchingUp ??= (async () => {
    try {
      if (!state.index || Date.now() - state.caughtUpAt >= REBUILD_AFTER_IDLE_MS) await rebuild(state);
      else await readChanges(state);
    } finally {
      state.catchingUp = null;
    }
  })();
  return state.catchingUp;
}

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
export async function readListedTitles(database: Database): Promise<{ rows: TitleRow[]; xmin: string }> {
  return database.transaction(
    async (tx) => {
      // The first statement takes the transaction's snapshot; the second reads in the same one.
      const snapshot = await tx.execute<{ xmin: string }>(
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
      );
      const rows = await tx
        .select(suggestionColumns)
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(listedPostsWhere)
        .orderBy(desc(posts.createdAt), desc(posts.id));
      return { rows: rows.map(toTitleRow), xmin: snapshot.rows[0]!.xmin };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function rebuild(state: SyncState): Promise<void> {
  const startedAt = Date.now();
  const { rows, xmin } = await readListedTitles(db());
  state.index = TitleIndex.build(rows);
  state.generation += 1;
  state.xmin = xmin;
  state.caughtUpAt = startedAt;
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
export function changedTitlesQuery(xmin: string) {
  return sql`select s.xmin::text as xmin, c.post_id as id, ${posts.title} as title,
      ${users.username} as username, ${posts.createdAt} as created_at,
      coalesce(${listedPostsWhere}, false) as listed
    from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) s
    left join lateral (select distinct ${listedTitleChanges.postId} as post_id from ${listedTitleChanges}
      where ${listedTitleChanges.changedBy} >= ${xmin}::xid8) c on true
    left join ${posts} on ${posts.id} = c.post_id
    left join ${users} on ${users.id} = ${posts.userId}`;
}

async function readChanges(state: SyncState): Promise<void> {
  const startedAt = Date.now();
  const generation = state.generation;
  const { rows } = await db().execute<ChangeRow>(changedTitlesQuery(state.xmin));
  // A build finished meanwhile: its base is newer than these rows may be, and it has its own xmin.
  if (generation !== state.generation || !state.index) return;
  const changes: TitleChange[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    const listed = row.listed === true && row.title !== null && row.username !== null && row.created_at !== null;
    changes.push({
      id: row.id,
      row: listed
        ? { id: row.id, title: row.title!, username: row.username!, createdAt: new Date(row.created_at!).getTime() }
        : null,
    });
  }
  state.index.apply(changes);
  state.xmin = rows[0]!.xmin;
  state.caughtUpAt = startedAt;
  if (state.index.changeCount > REBUILD_ABOVE_CHANGES) rebuildInBackground(state);
  if (startedAt - state.prunedAt >= PRUNE_EVERY_MS) pruneChanges(state, startedAt);
}

/** Many changes since the build: a new base, while the current one keeps answering. */
function rebuildInBackground(state: SyncState): void {
  if (state.rebuilding) return;
  state.rebuilding = true;
  rebuild(state)
    .catch((error: unknown) => console.error("[suggestions] title index rebuild failed:", error))
    .finally(() => {
      state.rebuilding = false;
    });
}

/** Changes older than the retention go; any process still behind them builds its index again. */
function pruneChanges(state: SyncState, now: number): void {
  state.prunedAt = now;
  db()
    .execute(
      sql`delete from ${listedTitleChanges}
        where ${listedTitleChanges.changedAt} < now() - make_interval(mins => ${CHANGE_RETENTION_MINUTES})`,
    )
    .catch((error: unknown) => console.error("[suggestions] pruning title changes failed:", error));
}
