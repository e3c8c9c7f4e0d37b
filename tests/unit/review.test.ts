import { describe, expect, it } from "vitest";
import { formatDownloadDate, RESOURCE_BADGE_TONES } from "@/components/profile/download-log-format";
import { isActiveTab, PROFILE_TABS, profileTabHref } from "@/components/profile/profile-views";
import { projectRejectedEmail } from "@/lib/mail/templates/review";
import { preflightWarnings } from "@/lib/services/review/queries/preflight";
import { rejectPostBodySchema } from "@/lib/validation/review";

describe("preflightWarnings", () => {
  it("reads sentences, { message } objects and failed checks, in any of the report's list keys", () => {
    expect(preflightWarnings(["Spindle starts after the first cut", "  "])).toEqual([
      "Spindle starts after the first cut",
    ]);
    expect(
      preflightWarnings({
        warnings: [{ code: "units", message: "File is G21 (mm) but the job says inches" }],
        checks: [
          { ok: true, message: "Moves stay inside the job size" },
          { ok: false, text: "Cut depth 0.8 in is deeper than the 0.75 in thickness" },
        ],
      }),
    ).toEqual([
      "File is G21 (mm) but the job says inches",
      "Cut depth 0.8 in is deeper than the 0.75 in thickness",
    ]);
  });

  it("gives no warnings for a missing, empty or unreadable report, and no duplicates", () => {
    expect(preflightWarnings(null)).toEqual([]);
    expect(preflightWarnings(undefined)).toEqual([]);
    expect(preflightWarnings({ warnings: [] })).toEqual([]);
    expect(preflightWarnings(42)).toEqual([]);
    expect(preflightWarnings({ warnings: [{ severity: "ok", message: "fine" }, 7, null] })).toEqual([]);
    expect(
      preflightWarnings({ warnings: ["Tool T2 is not mapped"], issues: ["Tool T2 is not mapped"] }),
    ).toEqual(["Tool T2 is not mapped"]);
  });
});

describe("rejection reason", () => {
  it("is required, trimmed, and 3 to 1000 characters", () => {
    const issue = (value: unknown) =>
      rejectPostBodySchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(issue({})).toEqual(["Please give a reason for the rejection."]);
    expect(issue({ reason: " \n " })).toEqual(["Please give a reason for the rejection."]);
    expect(issue({ reason: "ab " })).toEqual(["The reason must be at least 3 characters."]);
    expect(issue({ reason: "a".repeat(1001) })).toEqual(["The reason must be at most 1000 characters."]);
    expect(rejectPostBodySchema.parse({ reason: "  Add a photo " })).toEqual({ reason: "Add a photo" });
  });

  it("is quoted in full in both parts of the author's e-mail, escaped in the HTML", () => {
    const mail = projectRejectedEmail({
      username: "chipcarver",
      projectTitle: "Sign",
      projectUrl: "https://example.com/project/edit/1?page=1&edit=true",
      reason: "Add <b>a photo</b> & the bit",
    });
    expect(mail.text).toContain("Reason: Add <b>a photo</b> & the bit");
    expect(mail.html).toContain("Add &lt;b&gt;a photo&lt;/b&gt; &amp; the bit");
    expect(mail.subject).toBe('Your project "Sign" needs changes before it is published');
  });
});

describe("download log rows", () => {
  it("formats dates as 'MMM dd, yyyy HH:mm' and says 'Invalid date' otherwise", () => {
    expect(formatDownloadDate(new Date(2025, 0, 5, 7, 3))).toBe("Jan 05, 2025 07:03");
    expect(formatDownloadDate("2024-12-31T23:59:00")).toBe("Dec 31, 2024 23:59");
    expect(formatDownloadDate("not a date")).toBe("Invalid date");
    expect(formatDownloadDate("")).toBe("Invalid date");
    expect(formatDownloadDate(null)).toBe("Invalid date");
  });

  it("colours the badges as the spec says", () => {
    expect(RESOURCE_BADGE_TONES).toEqual({
      model: "blue",
      file: "green",
      image: "purple",
      document: "orange",
    });
  });
});

describe("profile tabs", () => {
  it("are the spec's six and Collections, each replacing view and postType", () => {
    expect(PROFILE_TABS.map((tab) => [tab.label, profileTabHref(tab)])).toEqual([
      ["My Posts", "?view=userPosts"],
      ["Draft", "?view=userPosts&postType=draft"],
      ["Published", "?view=userPosts&postType=published"],
      ["Pending for Review", "?view=userPosts&postType=private"],
      ["Bookmarks", "?view=bookmarks"],
      ["Collections", "?view=collections"],
      ["Download Logs", "?view=downloadLogs"],
    ]);
  });

  it("marks exactly one tab active", () => {
    const active = (
      view: "userPosts" | "bookmarks" | "downloadLogs",
      postType?: "draft" | "published" | "private",
    ) => PROFILE_TABS.filter((tab) => isActiveTab(tab, view, postType)).map((tab) => tab.label);
    expect(active("userPosts")).toEqual(["My Posts"]);
    expect(active("userPosts", "private")).toEqual(["Pending for Review"]);
    expect(active("bookmarks")).toEqual(["Bookmarks"]);
    expect(active("downloadLogs")).toEqual(["Download Logs"]);
  });
});
