import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BoundedMap } from "@/lib/cache/bounded-map";
import { forgetTtlCacheKeys, setTtlCachesUsable, TtlCache } from "@/lib/cache/ttl-cache";
import { createLocalStorage, type LocalObjectStorage } from "@/lib/storage/local";
import { stableReadUrl } from "@/lib/storage/stable-read-url";

describe("BoundedMap", () => {
  it("forgets the oldest inserted key past its bound, and replacing a key forgets nothing", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2);
    map.set("a", 3);
    expect([...map]).toEqual([
      ["a", 3],
      ["b", 2],
    ]);
    map.set("c", 4);
    expect([...map.keys()]).toEqual(["b", "c"]);
  });
});

describe("TtlCache", () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it("computes once per key within the TTL and again after it", async () => {
    const time = clock();
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10, now: time.now });
    let runs = 0;
    const compute = async () => (runs += 1);
    expect(await cache.get("a", compute)).toBe(1);
    time.advance(999);
    expect(await cache.get("a", compute)).toBe(1);
    expect(await cache.get("b", compute)).toBe(2);
    time.advance(1);
    expect(await cache.get("a", compute)).toBe(3);
  });

  it("shares one computation between concurrent misses", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    let runs = 0;
    let release: (value: string) => void = () => undefined;
    const pending = new Promise<string>((resolve) => (release = resolve));
    const compute = () => {
      runs += 1;
      return pending;
    };
    const results = Promise.all([cache.get("k", compute), cache.get("k", compute), cache.get("k", compute)]);
    release("value");
    expect(await results).toEqual(["value", "value", "value"]);
    expect(runs).toBe(1);
  });

  it("does not remember a failure", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("keeps at most maxEntries, dropping the oldest first", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const seen: string[] = [];
    const compute = (key: string) => async () => {
      seen.push(key);
      return key;
    };
    for (const key of ["a", "b", "c"]) await cache.get(key, compute(key));
    await cache.get("c", compute("c"));
    await cache.get("b", compute("b"));
    await cache.get("a", compute("a"));
    expect(seen).toEqual(["a", "b", "c", "a"]);
  });
});

describe("TtlCache and the change feed", () => {
  it("computes afresh while the caches are not usable (the feed is down), and forgets keys it is told of", async () => {
    const cache = new TtlCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    let runs = 0;
    const compute = async () => (runs += 1);
    expect(await cache.get("a", compute)).toBe(1);
    let isUsable = false;
    setTtlCachesUsable(() => isUsable);
    try {
      expect(await cache.get("a", compute)).toBe(2);
      expect(await cache.get("a", compute)).toBe(3);
      isUsable = true;
      // What was computed while unusable was never kept: the copy from before is served.
      expect(await cache.get("a", compute)).toBe(1);
      forgetTtlCacheKeys(["a"]);
      expect(await cache.get("a", compute)).toBe(4);
    } finally {
      setTtlCachesUsable(() => true);
    }
  });
});

describe("stableReadUrl", () => {
  let dir: string;
  let storage: LocalObjectStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "stable-url-"));
    storage = createLocalStorage({
      rootDir: dir,
      publicBaseUrl: "http://127.0.0.1:3000",
      signingSecret: "stable-url-test-secret-0123456789",
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const expiresOf = (url: string) => Number(new URL(url).searchParams.get("expires"));

  it("gives the same URL within a quarter of the lifetime, and a new one after it", async () => {
    const start = 1_700_000_100_000; // a multiple of the 900 s window
    const first = await stableReadUrl(storage, "posts/a/thumbnail.webp", {
      expiresInSeconds: 3600,
      now: start,
    });
    const later = await stableReadUrl(storage, "posts/a/thumbnail.webp", {
      expiresInSeconds: 3600,
      now: start + 899_000,
    });
    const next = await stableReadUrl(storage, "posts/a/thumbnail.webp", {
      expiresInSeconds: 3600,
      now: start + 900_000,
    });
    expect(later).toBe(first);
    expect(next).not.toBe(first);
    expect(expiresOf(first)).toBe(start / 1000 + 3600);
    expect(expiresOf(next)).toBe(start / 1000 + 900 + 3600);
  });

  it("signs URLs the storage accepts, for at least three quarters of their lifetime", async () => {
    const now = Date.now();
    const url = new URL(
      await stableReadUrl(storage, "posts/b/thumbnail.webp", { expiresInSeconds: 3600, now }),
    );
    const key = url.pathname.replace(/^\/files\//, "");
    expect(key).toBe("posts/b/thumbnail.webp");
    expect(() =>
      storage.verifySignedRequest({ method: "GET", key, searchParams: url.searchParams }),
    ).not.toThrow();
    expect(expiresOf(url.toString()) - Math.floor(now / 1000)).toBeGreaterThanOrEqual(2700);
  });
});
