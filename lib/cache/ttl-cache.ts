import { BoundedMap } from "./bounded-map";

/**
 * Kept on globalThis: the server process loads this module twice, once in Next's bundle and once
 * for the direct routes (ADR 009), and a write through either must clear the caches of both.
 */
const registryKey = Symbol.for("cnc.ttlCaches");
const clearedByWrites: Set<TtlCache<unknown>> = ((globalThis as Record<symbol, unknown>)[registryKey] ??=
  new Set<TtlCache<unknown>>()) as Set<TtlCache<unknown>>;

/**
 * Empties every cache of this process: called after a successful write through the API, so the
 * instance that took a change shows it at once (other instances within their TTL).
 */
export function clearCachesAfterWrite(): void {
  for (const cache of clearedByWrites) cache.clear();
}

/**
 * A small in-process cache of values that may be a little stale: each entry lives `ttlMs`, at
 * most `maxEntries` are kept (the oldest inserted goes first), and concurrent misses for one key
 * share one computation, so a burst of identical requests runs the query once. A failed
 * computation is not remembered. Only a cache: every instance keeps its own, nothing relies on it.
 * `ttlMs` may be a function (read from the environment at first use); 0 means no caching.
 */
export class TtlCache<V> {
  private readonly entries: BoundedMap<string, { value: Promise<V>; expiresAt: number }>;

  constructor(
    private readonly options: {
      ttlMs: number | (() => number);
      maxEntries: number;
      now?: () => number;
    },
  ) {
    this.entries = new BoundedMap(options.maxEntries);
    clearedByWrites.add(this as TtlCache<unknown>);
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const { ttlMs } = this.options;
    const ttl = typeof ttlMs === "function" ? ttlMs() : ttlMs;
    if (ttl <= 0) return compute();
    const now = this.options.now?.() ?? Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = compute();
    const entry = { value, expiresAt: now + ttl };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets one entry (its value was found outdated by the caller). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets everything (tests, or after a change this process knows about). */
  clear(): void {
    this.entries.clear();
  }
}
