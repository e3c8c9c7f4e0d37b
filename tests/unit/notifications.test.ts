import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "@/lib/catalogue/enums";
import { notificationDigestEmail } from "@/lib/mail/templates/notification-digest";
import { notificationText } from "@/lib/services/notifications/notification-text";
import {
  NOTIFICATION_KIND_LABELS,
  updateNotificationPreferencesSchema,
} from "@/lib/validation/notifications";

describe("notification texts", () => {
  it("say who did what to which project, for every kind", () => {
    const base = { actor: "maker_joe", postTitle: "Walnut clock", detail: null };
    expect(NOTIFICATION_KINDS.map((kind) => notificationText({ ...base, kind }))).toEqual([
      "@maker_joe published “Walnut clock”",
      "@maker_joe commented on “Walnut clock”",
      "@maker_joe posted a make of “Walnut clock”",
      "@maker_joe published a remix of your project: “Walnut clock”",
      "“Walnut clock” was approved and is now public",
      "“Walnut clock” was sent back by the review",
      "“Walnut clock”, which you downloaded, has new files",
    ]);
  });

  it("name the original of a remix, a rejection's reason, and a deleted actor or empty title", () => {
    expect(
      notificationText({ kind: "remix-of-your-project", actor: "ann", postTitle: "Clock v2", detail: "Clock" }),
    ).toBe("@ann remixed your project “Clock” as “Clock v2”");
    expect(
      notificationText({ kind: "project-rejected", actor: null, postTitle: "Sign", detail: "Units missing" }),
    ).toBe("“Sign” was sent back by the review: Units missing");
    expect(notificationText({ kind: "comment-on-your-project", actor: null, postTitle: " ", detail: null })).toBe(
      "Someone commented on “Untitled project”",
    );
  });

  it("have a label for the preferences of every kind", () => {
    expect(Object.keys(NOTIFICATION_KIND_LABELS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});

describe("notification preferences payload", () => {
  it("accepts some kinds once each, and refuses unknown or repeated kinds", () => {
    expect(
      updateNotificationPreferencesSchema.safeParse({ preferences: [{ kind: "project-approved", email: true }] })
        .success,
    ).toBe(true);
    expect(updateNotificationPreferencesSchema.safeParse({ preferences: [{ kind: "nope" }] }).success).toBe(false);
    expect(updateNotificationPreferencesSchema.safeParse({ preferences: [] }).success).toBe(false);
    const twice = updateNotificationPreferencesSchema.safeParse({
      preferences: [{ kind: "project-approved" }, { kind: "project-approved", inApp: false }],
    });
    expect(twice.success).toBe(false);
  });
});

describe("the digest e-mail", () => {
  it("lists each notice with its address in both parts", () => {
    const mail = notificationDigestEmail({
      username: "ann",
      items: [
        { text: "@joe commented on “Clock”", url: "https://cnc.example/model/1" },
        { text: "@joe published “Sign”", url: "https://cnc.example/model/2" },
      ],
      notificationsUrl: "https://cnc.example/notifications",
      preferencesUrl: "https://cnc.example/notifications#preferences",
    });
    expect(mail.subject).toBe("2 new notifications on CNC Projects");
    expect(mail.text).toContain("@joe commented on “Clock”: https://cnc.example/model/1");
    expect(mail.html).toContain("https://cnc.example/model/2");
  });
});
