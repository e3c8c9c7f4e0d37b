import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { changeFeedIsLive, latestPostChangeAt } from "@/lib/change-feed/changes";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { listedTitleChanges } from "@/lib/db/schema";

/**
 * Keeps an in-memory index of listed posts in this process in step with the database: the title
 * index of suggestions (ADR 021) and the search index of listings (ADR 023).
 *
 * Triggers write the id of every post whose listed row changes into listed_title_changes, with
 * the writing transaction's id. An index remembers the xmin of the snapshot it is current to:
 * every transaction below it had ended by then, so catching up reads the changes written by that
 * transaction id or later (those still running then included) and the rows of those posts now,
 * in one statement whose own snapshot's xmin is the next mark. A change is never missed, whatever
 * order the writers commit in; one read twice is harmless.
 *
 * A use catches up first when the index last did more than FRESHNESS_MS ago, when the change feed
 * has told of a changed post since (lib/change-feed: a write on any host shows at once), or while
 * the feed is down; so an answer holds every write committed FRESHNESS_MS before it, at the cost
 * of one small statement a second. The state lives on globalThis: the server process loads this
 * module twice (ADR 009).
 */
export const FRESHNESS_MS = 1_000;
/** How long listed_title_changes keeps a change; an index idle for half that is built again. */
const CHANGE_RETENTION_MINUTES = 60;
const REBUILD_AFTER_IDLE_MS = (CHANGE_RETENTION_MINUTES / 2) * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** What the sync needs of an index. */
export interface ListedIndex<TChange> {
  apply(changes: readonly TChange[]): void;
  /** Rows changed since the build. */
  readonly changeCount: number;
}

/** How one kind of index reads the database. */
export interface ListedIndexSource<TIndex, TChange> {
  /** For log lines. */
  name: string;
  /** Every listed row, built into an index, with the xmin of the snapshot it was read in. */
  build(database: Database): Promise<{ index: TIndex; xmin: string }>;
  /** The changes written by transaction `xmin` or later, as the rows are now, and the next xmin. */
  changes(database: Database, xmin: string): Promise<{ changes: TChange[]; xmin: string }>;
  /** Past this many changed rows the base is built again, in the background. */
  rebuildAbove: number;
}

interface SyncState<TIndex> {
  index: TIndex | null;
  /** Bumped by every build, so a catch-up read against an older base is dropped. */
  generation: number;
  /** The snapshot xmin the index is current to (a transaction id, as text). */
  xmin: string;
  /** When the last completed build or catch-up read its snapshot (ms). */
  caughtUpAt: number;
  catchingUp: Promise<void> | null;
  /** Catch-ups started and finished, so a caller can wait for one that started after it came. */
  catchUpsStarted: number;
  catchUpsDone: number;
  building: Promise<void> | null;
  prunedAt: number;
}

export class ListedIndexSync<TIndex extends ListedIndex<TChange>, TChange> {
  constructor(
    private readonly stateKey: string,
    private readonly source: ListedIndexSource<TIndex, TChange>,
  ) {}

  /** The index, current to FRESHNESS_MS; built on first use, which waits for the build. */
  async current(): Promise<TIndex> {
    const state = this.state();
    if (!state.index) await this.build(state);
    else if (this.isStale(state)) await this.catchUp(state);
    return state.index!;
  }

  /**
   * The index, caught up with every write committed before this call, or null while it is first
   * being built (started here, in the background): for a caller that has another way to answer
   * meanwhile and whose answers are kept for a while anyway (the search windows), so the
   * catch-up statement is paid once per answer.
   */
  async currentOnceBuilt(): Promise<TIndex | null> {
    const state = this.state();
    if (!state.index) {
      this.buildInBackground(state);
      return null;
    }
    // A catch-up already running may have read its snapshot before this call: wait for one that
    // starts after it.
    const needed = state.catchUpsStarted + 1;
    while (state.catchUpsDone < needed) await this.catchUp(state);
    return state.index;
  }

  private state(): SyncState<TIndex> {
    const registry = globalThis as unknown as Record<symbol, SyncState<TIndex> | undefined>;
    return (registry[Symbol.for(this.stateKey)] ??= {
      index: null,
      generation: 0,
      xmin: "0",
      caughtUpAt: 0,
      catchingUp: null,
      catchUpsStarted: 0,
      catchUpsDone: 0,
      building: null,
      prunedAt: 0,
    });
  }

  private isStale(state: SyncState<TIndex>): boolean {
    return (
      Date.now() - state.caughtUpAt >= FRESHNESS_MS ||
      latestPostChangeAt() >= state.caughtUpAt ||
      !changeFeedIsLive()
    );
  }

  /** One catch-up at a time; requests that find the index stale wait for the same one. */
  private catchUp(state: SyncState<TIndex>): Promise<void> {
    state.catchingUp ??= (async () => {
      state.catchUpsStarted += 1;
      try {
        if (Date.now() - state.caughtUpAt >= REBUILD_AFTER_IDLE_MS) await this.build(state);
        else await this.readChanges(state);
      } finally {
        // One at a time, so the count done is the number of the last one finished (or failed:
        // its callers get the error).
        state.catchUpsDone += 1;
        state.catchingUp = null;
      }
    })();
    return state.catchingUp;
  }

  /** One build at a time; the current index (if any) keeps answering meanwhile. */
  private build(state: SyncState<TIndex>): Promise<void> {
    state.building ??= (async () => {
      try {
        const startedAt = Date.now();
        const { index, xmin } = await this.source.build(db());
        state.index = index;
        state.generation += 1;
        state.xmin = xmin;
        state.caughtUpAt = startedAt;
      } finally {
        state.building = null;
      }
    })();
    return state.building;
  }

  private buildInBackground(state: SyncState<TIndex>): void {
    if (state.building) return;
    this.build(state).catch((error: unknown) =>
      console.error(`[${this.source.name}] index build failed:`, error),
    );
  }

  private async readChanges(state: SyncState<TIndex>): Promise<void> {
    const startedAt = Date.now();
    const generation = state.generation;
    const { changes, xmin } = await this.source.changes(db(), state.xmin);
    // A build finished meanwhile: its base is newer than these rows may be, and it has its own xmin.
    if (generation !== state.generation || !state.index) return;
    state.index.apply(changes);
    state.xmin = xmin;
    state.caughtUpAt = startedAt;
    if (state.index.changeCount > this.source.rebuildAbove) this.buildInBackground(state);
    if (startedAt - state.prunedAt >= PRUNE_EVERY_MS) this.pruneChanges(state, startedAt);
  }

  /** Changes older than the retention go; any process still behind them builds its index again. */
  private pruneChanges(state: SyncState<TIndex>, now: number): void {
    state.prunedAt = now;
    db()
      .execute(
        sql`delete from ${listedTitleChanges}
          where ${listedTitleChanges.changedAt} < now() - make_interval(mins => ${CHANGE_RETENTION_MINUTES})`,
      )
      .catch((error: unknown) =>
        console.error(`[${this.source.name}] pruning listed changes failed:`, error),
      );
  }
}

/** Runs `read` in one read-only snapshot, and gives that snapshot's xmin with its result. */
export async function readInSnapshot<T>(
  database: Database,
  read: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<T>,
): Promise<{ result: T; xmin: string }> {
  return database.transaction(
    async (tx) => {
      // The first statement takes the transaction's snapshot; the second reads in the same one.
      const snapshot = await tx.execute<{ xmin: string }>(
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
      );
      return { result: await read(tx), xmin: snapshot.rows[0]!.xmin };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The posts changed by transaction `xmin` or later, each with `columns` read through `joins`
 * (which join `c.post_id`), and the next xmin on every row (one row with a null id when nothing
 * changed).
 */
export function changedPostsQuery(xmin: string, columns: SQL, joins: SQL): SQL {
  return sql`select s.xmin::text as xmin, c.post_id as id, ${columns}
    from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) s
    left join lateral (select distinct ${listedTitleChanges.postId} as post_id from ${listedTitleChanges}
      where ${listedTitleChanges.changedBy} >= ${xmin}::xid8) c on true
    ${joins}`;
}
