import { describe, expect, it } from "vitest";
import { relativeTime } from "@/lib/utils/relative-time";

describe("relativeTime", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it.each([
    ["2026-11-22T11:59:30Z", "just now"],
    ["2026-11-22T11:55:00Z", "5 minutes ago"],
    ["2026-11-22T09:00:00Z", "3 hours ago"],
    ["2026-11-21T12:00:00Z", "yesterday"],
    ["2026-11-12T12:00:00Z", "last week"],
    ["2025-11-01T12:00:00Z", "last year"],
  ])("%s is %s", (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});
