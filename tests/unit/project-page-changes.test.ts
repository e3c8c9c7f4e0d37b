import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  COUNTER_LAG_MS,
  projectPageChangedAt,
  projectPageCountersChanged,
  projectPagesChanged,
  RENDER_RACE_MS,
  recordProjectPageChange,
} from "@/lib/cache/project-page-changes";

const post = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("project page changes (ADR 017)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-26T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("marks a post changed now, and again after the render race window", () => {
    const start = Date.now();
    projectPagesChanged([post(1)]);
    expect(projectPageChangedAt(post(1))).toBe(start);
    vi.advanceTimersByTime(RENDER_RACE_MS);
    expect(projectPageChangedAt(post(1))).toBe(start + RENDER_RACE_MS);
    expect(projectPageChangedAt(post(2))).toBeLessThan(start);
  });

  it("lets counters lag: one change per window however many likes", () => {
    const start = Date.now();
    for (let i = 0; i < 50; i += 1) projectPageCountersChanged(post(3));
    expect(projectPageChangedAt(post(3))).toBeLessThan(start);
    vi.advanceTimersByTime(COUNTER_LAG_MS);
    expect(projectPageChangedAt(post(3))).toBe(start + COUNTER_LAG_MS);
    // The window is over: the next like opens a new one.
    projectPageCountersChanged(post(3));
    vi.advanceTimersByTime(COUNTER_LAG_MS);
    expect(projectPageChangedAt(post(3))).toBe(start + 2 * COUNTER_LAG_MS);
  });

  it("keeps the later time when a sibling's older notice arrives late, and 'all' covers every post", () => {
    const now = Date.now();
    recordProjectPageChange([post(4)], now);
    recordProjectPageChange([post(4)], now - 1_000);
    expect(projectPageChangedAt(post(4))).toBe(now);
    recordProjectPageChange("all", now + 10);
    expect(projectPageChangedAt(post(5))).toBe(now + 10);
  });
});
