import { BoundedMap } from "./bounded-map";

interface TtlCacheRegistry {
  caches: Set<TtlCache<unknown>>;
  /** Whether cached values may be served at all (the change feed's word, lib/change-feed). */
  usable: () => boolean;
}

/**
 * Kept on globalThis: the server process loads this module twice, once in Next's bundle and once
 * for the direct routes (ADR 009), and the change feed must reach the caches of both.
 */
const registryKey = Symbol.for("cnc.ttlCaches");
const registry: TtlCacheRegistry = ((globalThis as Record<symbol, unknown>)[registryKey] ??= {
  caches: new Set<TtlCache<unknown>>(),
  usable: () => true,
}) as TtlCacheRegistry;

/** Empties every cache of this process (the change feed, after a change others may see). */
export function clearTtlCaches(): void {
  for (const cache of registry.caches) cache.clear();
}

/** Forgets these keys in every cache of this process (a post's detail, after its counters changed). */
export function forgetTtlCacheKeys(keys: readonly string[]): void {
  for (const cache of registry.caches) for (const key of keys) cache.delete(key);
}

/**
 * While `usable` answers false, every cache computes afresh (the change feed is down: what they
 * hold could be stale past its limits). Set once by the change feed when it starts.
 */
export function setTtlCachesUsable(usable: () => boolean): void {
  registry.usable = usable;
}

/**
 * A small in-process cache of values that may be a little stale: each entry lives `ttlMs`, at
 * most `maxEntries` are kept (the oldest inserted goes first), and concurrent misses for one key
 * share one computation, so a burst of identical requests runs the query once. A failed
 * computation is not remembered. Only a cache: every instance keeps its own, nothing relies on it;
 * the change feed empties it when what it holds changes (lib/change-feed).
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
    registry.caches.add(this as TtlCache<unknown>);
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const { ttlMs } = this.options;
    const ttl = typeof ttlMs === "function" ? ttlMs() : ttlMs;
    if (ttl <= 0 || !registry.usable()) return compute();
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
