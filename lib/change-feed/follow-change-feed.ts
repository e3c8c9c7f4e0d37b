import "server-only";
import pg from "pg";
import { setTtlCachesUsable } from "@/lib/cache/ttl-cache";
import { isEmbeddedDatabaseUrl } from "@/lib/db/create";
import { env } from "@/lib/env";
import { changeFeedIsLive, setChangeFeedLiveUntil } from "./changes";
import { fanOut, type FeedRow, planFanOut } from "./fan-out";

/**
 * The one follower of the change feed in this process (ADR 025): a dedicated connection (not the
 * pool) that LISTENs on `cnc_changes`, reads the change_feed table from where it left off after
 * each notice, at start, after each reconnect and every CATCH_UP_EVERY_MS as a safety net, and
 * hands what it read to every cache (./fan-out.ts). On the embedded PGlite, whose socket server
 * shares one session among all connections, notices cannot be relied on: the same timer polls.
 *
 * Caches serve what they hold only while the feed is live: connected, and caught up within
 * LIVE_FOR_MS. Otherwise they answer uncached until it has caught up again.
 */
export const FEED_CHANNEL = "cnc_changes";
/** The feed connection's application_name, followed by the host's port. */
export const FEED_APPLICATION_NAME = "cnc-change-feed";
/** The safety net's period (and the embedded database's polling period). */
export const CATCH_UP_EVERY_MS = 500;
/**
 * How long after a catch-up began the caches may trust it: a connection that dies silently stops
 * the caches within this, so a change is never served stale for longer than the 2 s limit.
 */
export const LIVE_FOR_MS = 2_000;
/** A statement on the feed's connection that takes longer than this counts as a lost connection. */
const QUERY_TIMEOUT_MS = 3_000;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 2_000;
/** Rows older than this are pruned; a process away longer than half of it forgets everything. */
const RETENTION_HOURS = 24;
const FORGET_ALL_AFTER_MS = (RETENTION_HOURS / 2) * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

interface FollowerState {
  started: boolean;
  client: pg.Client | null;
  /** The snapshot xmin the caches are current to (a transaction id, as text); null before the first read. */
  xmin: string | null;
  /** Ids of rows already handed out whose transaction a later read may return again. */
  seen: Map<number, bigint>;
  /** When the last successful catch-up began (ms). */
  caughtUpAt: number;
  running: Promise<void> | null;
  queued: Promise<void> | null;
  reconnectDelay: number;
  prunedAt: number;
}

// On globalThis: the server process loads this module twice (ADR 009); one follower per process.
const STATE_KEY = Symbol.for("cnc.changeFeed.follower");

function state(): FollowerState {
  const registry = globalThis as unknown as Record<symbol, FollowerState | undefined>;
  return (registry[STATE_KEY] ??= {
    started: false,
    client: null,
    xmin: null,
    seen: new Map(),
    caughtUpAt: 0,
    running: null,
    queued: null,
    reconnectDelay: RECONNECT_FIRST_MS,
    prunedAt: Date.now() - Math.random() * PRUNE_EVERY_MS,
  });
}

/** Starts following the feed (once per process; a no-op without DATABASE_URL). */
export function followChangeFeed(): void {
  const follower = state();
  const url = env().DATABASE_URL;
  if (follower.started || !url) return;
  follower.started = true;
  setTtlCachesUsable(() => changeFeedIsLive());
  void connect(follower, url);
  setInterval(() => void requestCatchUp().catch(() => undefined), CATCH_UP_EVERY_MS).unref();
}

/**
 * Resolves once a catch-up that began after this call has finished (or failed): route() awaits
 * it after a write, so this process's caches show the write before its answer leaves.
 */
export function catchUpChangeFeed(): Promise<void> {
  return requestCatchUp().catch(() => undefined);
}

async function connect(follower: FollowerState, url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    keepAlive: true,
    query_timeout: QUERY_TIMEOUT_MS,
    // Named after the host's port, so an operator (or a test) can tell hosts' feeds apart in
    // pg_stat_activity; the embedded URL keeps the name that marks it.
    ...(isEmbeddedDatabaseUrl(url) ? {} : { application_name: `${FEED_APPLICATION_NAME} ${env().PORT}` }),
  });
  const lost = (error?: Error) => {
    if (follower.client !== client) return;
    follower.client = null;
    setChangeFeedLiveUntil(0);
    console.error(`[change-feed] connection lost${error ? `: ${error.message}` : ""}; reconnecting`);
    client.end().catch(() => undefined);
    scheduleReconnect(follower, url);
  };
  client.on("error", lost);
  client.on("end", () => lost());
  client.on("notification", () => void requestCatchUp().catch(() => undefined));
  let isInstalled = false;
  try {
    await client.connect();
    if (!isEmbeddedDatabaseUrl(url)) await client.query(`LISTEN ${FEED_CHANNEL}`);
    follower.client = client;
    isInstalled = true;
    await requestCatchUp();
    follower.reconnectDelay = RECONNECT_FIRST_MS;
  } catch (error) {
    // Once installed, losing the client (its "error" or "end") has already scheduled the retry.
    if (follower.client === client) lost(error as Error);
    else if (!isInstalled) {
      client.end().catch(() => undefined);
      scheduleReconnect(follower, url);
    }
  }
}

function scheduleReconnect(follower: FollowerState, url: string): void {
  const delay = follower.reconnectDelay;
  follower.reconnectDelay = Math.min(RECONNECT_MAX_MS, delay * 2);
  setTimeout(() => void connect(follower, url), delay).unref();
}

/** One catch-up at a time; a request while one runs gets the next one, shared by all who ask meanwhile. */
function requestCatchUp(): Promise<void> {
  const follower = state();
  if (!follower.running) {
    follower.running = catchUp(follower).finally(() => (follower.running = null));
    return follower.running;
  }
  follower.queued ??= follower.running
    .catch(() => undefined)
    .then(() => {
      follower.queued = null;
      return requestCatchUp();
    });
  return follower.queued;
}

interface CatchUpRow {
  xmin: string;
  id: string | null;
  kind: string | null;
  key: string | null;
  changed_by: string | null;
}

/**
 * Reads the rows written by transaction `xmin` or later, and the next xmin, in one statement: every
 * transaction below a snapshot's xmin had ended by then, so no row is ever skipped, whatever order
 * the writers commit in (ids are handed out before commit, so "ids above the last seen" could
 * skip one). A row read twice is handed out once.
 */
async function catchUp(follower: FollowerState): Promise<void> {
  const client = follower.client;
  if (!client) return;
  const startedAt = Date.now();
  try {
    const { rows } = await client.query<CatchUpRow>(
      `select s.xmin::text as xmin, f.id::text as id, f.kind, f.key, f.changed_by::text as changed_by
        from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) s
        left join change_feed f on $1::xid8 is not null and f.changed_by >= $1::xid8
        order by f.id`,
      [follower.xmin],
    );
    const nextXmin = rows[0]!.xmin;
    const fresh: FeedRow[] = [];
    for (const row of rows) {
      if (row.id === null) continue;
      const id = Number(row.id);
      if (follower.seen.has(id)) continue;
      follower.seen.set(id, BigInt(row.changed_by!));
      fresh.push({ id, kind: row.kind!, key: row.key });
    }
    const floor = BigInt(nextXmin);
    for (const [id, changedBy] of follower.seen) if (changedBy < floor) follower.seen.delete(id);
    // Away longer than the table keeps its rows: anything may have changed.
    const plan = planFanOut(fresh);
    if (follower.caughtUpAt > 0 && startedAt - follower.caughtUpAt > FORGET_ALL_AFTER_MS)
      plan.everything = true;
    fanOut(plan);
    follower.xmin = nextXmin;
    follower.caughtUpAt = startedAt;
    if (follower.client === client) setChangeFeedLiveUntil(startedAt + LIVE_FOR_MS);
    if (startedAt - follower.prunedAt >= PRUNE_EVERY_MS) prune(follower, client, startedAt);
  } catch (error) {
    setChangeFeedLiveUntil(0);
    // A connection that cannot answer is treated as lost: its "error" handler ends it and reconnects.
    if (follower.client === client) client.emit("error", error as Error);
    throw error;
  }
}

function prune(follower: FollowerState, client: pg.Client, now: number): void {
  follower.prunedAt = now;
  client
    .query(`delete from change_feed where changed_at < now() - make_interval(hours => ${RETENTION_HOURS})`)
    .catch((error: unknown) => console.error("[change-feed] pruning failed:", error));
}
