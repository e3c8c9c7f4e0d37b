import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { postChangedAt, recordPostChanges } from "@/lib/change-feed/changes";
import { COUNTER_LAG_MS, fanOut, planFanOut, RENDER_RACE_MS } from "@/lib/change-feed/fan-out";

const post = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("what a batch of feed rows means (planFanOut)", () => {
  it("sorts rows by kind, once per key, and a post's own change covers its counters", () => {
    const plan = planFanOut([
      { id: 1, kind: "post", key: post(1) },
      { id: 2, kind: "post", key: post(1) },
      { id: 3, kind: "counters", key: post(1) },
      { id: 4, kind: "counters", key: post(2) },
      { id: 5, kind: "user", key: "u1" },
    ]);
    expect(plan).toEqual({
      postIds: [post(1)],
      counterPostIds: [post(2)],
      userIds: ["u1"],
      everything: false,
    });
  });

  it("takes the catalogue, and any kind it does not know, as a change to everything", () => {
    expect(planFanOut([{ id: 1, kind: "catalogue", key: null }]).everything).toBe(true);
    expect(planFanOut([{ id: 1, kind: "something-new", key: "x" }]).everything).toBe(true);
    expect(planFanOut([]).everything).toBe(false);
  });
});

describe("handing changes to the caches (fanOut)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-26T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("marks a post changed now and again after the render race window, and empties the caches", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get("listing", async () => "before");
    const start = Date.now();
    fanOut(planFanOut([{ id: 1, kind: "post", key: post(1) }]));
    expect(postChangedAt(post(1))).toBe(start);
    expect(await cache.get("listing", async () => "after")).toBe("after");
    vi.advanceTimersByTime(RENDER_RACE_MS);
    expect(postChangedAt(post(1))).toBe(start + RENDER_RACE_MS);
    expect(postChangedAt(post(2))).toBeLessThan(start);
  });

  it("lets counters lag: one change per window however many likes, and only that post's entry goes", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get(post(3), async () => "detail");
    await cache.get("listing", async () => "listing");
    const start = Date.now();
    for (let i = 0; i < 50; i += 1) fanOut(planFanOut([{ id: i, kind: "counters", key: post(3) }]));
    expect(postChangedAt(post(3))).toBeLessThan(start);
    vi.advanceTimersByTime(COUNTER_LAG_MS);
    expect(postChangedAt(post(3))).toBe(start + COUNTER_LAG_MS);
    expect(await cache.get(post(3), async () => "reloaded")).toBe("reloaded");
    expect(await cache.get("listing", async () => "reloaded")).toBe("listing");
    // The window is over: the next like opens a new one.
    fanOut(planFanOut([{ id: 99, kind: "counters", key: post(3) }]));
    vi.advanceTimersByTime(COUNTER_LAG_MS);
    expect(postChangedAt(post(3))).toBe(start + 2 * COUNTER_LAG_MS);
  });

  it("keeps the later time when an older change is recorded late, and 'all' covers every post", () => {
    const now = Date.now();
    recordPostChanges([post(4)], now);
    recordPostChanges([post(4)], now - 1_000);
    expect(postChangedAt(post(4))).toBe(now);
    recordPostChanges("all", now + 10);
    expect(postChangedAt(post(5))).toBe(now + 10);
  });
});
