import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { attachments, downloadLogs, follows, notifications, postRemixes, posts } from "@/lib/db/schema";
import type { Notification, NotificationPreference } from "@/lib/validation/notifications";
import { createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser, commentThroughApi, createProject, giveMachine } from "../support/factories-project";
import { api, type Envelope } from "../support/http";
import { readOutbox } from "../support/outbox";

type Pagination = { page: number; limit: number; total: number; totalPages: number };
type Inbox = { notifications: Notification[]; unreadCount: number; pagination: Pagination };

const createStaff = () => createUser({ email: `reviewer-${unique()}@onefinitycnc.com`, isVerified: true });

async function inbox(userId: string, query = ""): Promise<Inbox> {
  const { status, body } = await api<Envelope<Inbox>>(`/api/v1/notification${query}`, await asUser(userId));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const kinds = (box: Inbox) => box.notifications.map((item) => item.kind);

const approve = async (staffId: string, postId: string) =>
  api(`/api/v1/review/approve/${postId}`, await asUser(staffId, { method: "POST" }));

const reject = async (staffId: string, postId: string, reason: string) =>
  api(`/api/v1/review/reject/${postId}`, await asUser(staffId, { json: { reason } }));

const setPreferences = async (userId: string, preferences: Partial<NotificationPreference>[]) =>
  api<Envelope<{ preferences: NotificationPreference[] }>>(
    "/api/v1/notification/preferences",
    await asUser(userId, { method: "PATCH", json: { preferences } }),
  );

// Some producers and the digest are called directly below, as the review and the daily script
// call them: they use the app's database client, which reads DATABASE_URL.
beforeAll(() => {
  Object.assign(process.env, {
    DATABASE_URL: inject("databaseUrl"),
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: inject("outboxDir"),
  });
});

describe("notifications from comments and makes", () => {
  it("tells the author of a comment and of a make, never the actor of their own", async () => {
    const author = await createUser();
    const fan = await createUser();
    const { post, variants } = await createProject({ userId: author.id });
    expect((await commentThroughApi(inject("baseUrl"), fan.id, post.id, "Lovely")).status).toBe(201);
    expect((await commentThroughApi(inject("baseUrl"), author.id, post.id, "Thanks")).status).toBe(201);
    await giveMachine(fan.id, variants[0]!.id);
    const made = await api(
      "/api/v1/projectMake/create",
      await asUser(fan.id, { json: { postId: post.id, printedOn: variants[0]!.id, isPrinted: false } }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const box = await inbox(author.id);
    expect(kinds(box)).toEqual(["make-on-your-project", "comment-on-your-project"]);
    expect(box.unreadCount).toBe(2);
    expect(box.notifications[1]).toMatchObject({
      actor: { _id: fan.id, username: fan.username },
      post: { _id: post.id, title: post.title },
      readAt: null,
      text: `@${fan.username} commented on “${post.title}”`,
    });
    expect((await inbox(fan.id)).notifications).toEqual([]);
  });
});

describe("notifications from the review", () => {
  it("tells the author of an approval and followers of a first publication only", async () => {
    const author = await createUser();
    const follower = await createUser();
    const staff = await createStaff();
    await testDb().insert(follows).values({ followerId: follower.id, followeeId: author.id });
    const { post } = await createProject({ userId: author.id, visibility: "private" });
    expect((await approve(staff.id, post.id)).status).toBe(200);

    const authorBox = await inbox(author.id);
    expect(kinds(authorBox)).toEqual(["project-approved"]);
    expect(authorBox.notifications[0]!.text).toBe(`“${post.title}” was approved and is now public`);
    const followerBox = await inbox(follower.id);
    expect(kinds(followerBox)).toEqual(["followed-maker-published"]);
    expect(followerBox.notifications[0]!.text).toBe(`@${author.username} published “${post.title}”`);

    // Edited and approved again: the followers are not told twice.
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, post.id));
    expect((await approve(staff.id, post.id)).status).toBe(200);
    expect(kinds(await inbox(follower.id))).toEqual(["followed-maker-published"]);
  });

  it("tells the author of each project a remix is based on when the remix is approved", async () => {
    const original = await createProject();
    const remixer = await createUser();
    const staff = await createStaff();
    const { post: remix } = await createProject({ userId: remixer.id, visibility: "private" });
    await testDb().insert(postRemixes).values({ postId: remix.id, basedOnPostId: original.post.id });
    expect((await inbox(original.owner.id)).notifications).toEqual([]);
    expect((await approve(staff.id, remix.id)).status).toBe(200);
    const box = await inbox(original.owner.id);
    expect(kinds(box)).toEqual(["remix-of-your-project"]);
    expect(box.notifications[0]).toMatchObject({ actor: { _id: remixer.id }, post: { _id: remix.id } });
    expect(kinds(await inbox(remixer.id))).not.toContain("remix-of-your-project");
  });

  it("tells the author of a rejection with the reason", async () => {
    const author = await createUser();
    const staff = await createStaff();
    const { post } = await createProject({ userId: author.id, visibility: "private" });
    expect((await reject(staff.id, post.id, "The G-code is missing its units")).status).toBe(200);
    const [notice] = (await inbox(author.id)).notifications;
    expect(notice).toMatchObject({ kind: "project-rejected", post: { _id: post.id } });
    expect(notice!.text).toBe(`“${post.title}” was sent back by the review: The G-code is missing its units`);
  });

  it("tells who downloaded a project before its files changed, when it is approved again", async () => {
    const author = await createUser();
    const early = await createUser();
    const late = await createUser();
    const staff = await createStaff();
    const { post, model } = await createProject({ userId: author.id });
    // The factory publishes the post before adding its files; as a reviewed post, its files came first.
    await testDb().update(posts).set({ filesChangedAt: null }).where(eq(posts.id, post.id));
    const log = (userId: string, at: Date) => ({
      userId,
      postId: post.id,
      attachmentId: model.id,
      fileName: "part.nc",
      title: post.title,
      resourceType: "model",
      createdAt: at,
    });
    await testDb()
      .insert(downloadLogs)
      .values([log(early.id, new Date(Date.now() - 60_000)), log(author.id, new Date(Date.now() - 60_000))]);

    // Approved again without a file change: nobody is told.
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, post.id));
    expect((await approve(staff.id, post.id)).status).toBe(200);
    expect((await inbox(early.id)).notifications).toEqual([]);

    // A new model arrives (the trigger notes the change), someone downloads after, and it is approved.
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, post.id));
    await testDb()
      .insert(attachments)
      .values({
        userId: author.id,
        parentType: "post",
        postId: post.id,
        status: "ready",
        category: "postModel",
        resourceType: "model",
        fileName: "fixed.nc",
        fileSize: 10,
        storageKey: `posts/${post.id}/postModel/${unique()}-fixed.nc`,
      });
    const [changed] = await testDb()
      .select({ at: posts.filesChangedAt })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(changed?.at).toBeInstanceOf(Date);
    await testDb()
      .insert(downloadLogs)
      .values(log(late.id, new Date(changed!.at!.getTime() + 1_000)));
    expect((await approve(staff.id, post.id)).status).toBe(200);

    const earlyBox = await inbox(early.id);
    expect(kinds(earlyBox)).toEqual(["downloaded-project-updated"]);
    expect(earlyBox.notifications[0]!.text).toBe(`“${post.title}”, which you downloaded, has new files`);
    expect((await inbox(late.id)).notifications).toEqual([]);
    expect(kinds(await inbox(author.id))).not.toContain("downloaded-project-updated");
  });
});

describe("who sees a notification", () => {
  it("hides notices about a project that stops being public from all but its author and staff", async () => {
    const author = await createUser();
    const follower = await createUser();
    const staffFollower = await createStaff();
    const staff = await createStaff();
    await testDb()
      .insert(follows)
      .values([
        { followerId: follower.id, followeeId: author.id },
        { followerId: staffFollower.id, followeeId: author.id },
      ]);
    const { post } = await createProject({ userId: author.id, visibility: "private" });
    await approve(staff.id, post.id);
    expect((await inbox(follower.id)).unreadCount).toBe(1);

    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, post.id));
    const hidden = await inbox(follower.id);
    expect(hidden).toMatchObject({ notifications: [], unreadCount: 0, pagination: { total: 0 } });
    const unread = await api<Envelope<{ unreadCount: number }>>(
      "/api/v1/notification/unreadCount",
      await asUser(follower.id),
    );
    expect(unread.body.data.unreadCount).toBe(0);
    expect(kinds(await inbox(staffFollower.id))).toEqual(["followed-maker-published"]);
    expect(kinds(await inbox(author.id))).toEqual(["project-approved"]);
  });

  it("answers 401 without a session and 400 for a bad page", async () => {
    expect((await api("/api/v1/notification")).status).toBe(401);
    expect((await api("/api/v1/notification/unreadCount")).status).toBe(401);
    const user = await createUser();
    expect((await api("/api/v1/notification?limit=0", await asUser(user.id))).status).toBe(400);
  });
});

describe("POST /api/v1/notification/markRead", () => {
  it("marks the given ones, or all; someone else's ids change nothing", async () => {
    const author = await createUser();
    const other = await createUser();
    const fan = await createUser();
    const { post } = await createProject({ userId: author.id });
    const { post: otherPost } = await createProject({ userId: other.id });
    for (const text of ["One", "Two", "Three"])
      await commentThroughApi(inject("baseUrl"), fan.id, post.id, text);
    await commentThroughApi(inject("baseUrl"), fan.id, otherPost.id, "Elsewhere");
    const [newest, middle] = (await inbox(author.id)).notifications;
    const [othersNotice] = (await inbox(other.id)).notifications;

    const some = await api<Envelope<{ updated: number; unreadCount: number }>>(
      "/api/v1/notification/markRead",
      await asUser(author.id, { json: { ids: [newest!._id, othersNotice!._id] } }),
    );
    expect(some.status).toBe(200);
    expect(some.body.data).toEqual({ updated: 1, unreadCount: 2 });
    expect((await inbox(other.id)).unreadCount).toBe(1);
    const after = await inbox(author.id);
    expect(after.notifications[0]!.readAt).not.toBeNull();
    expect(after.notifications.find((item) => item._id === middle!._id)!.readAt).toBeNull();

    const all = await api<Envelope<{ updated: number; unreadCount: number }>>(
      "/api/v1/notification/markRead",
      await asUser(author.id, { json: {} }),
    );
    expect(all.body.data).toEqual({ updated: 2, unreadCount: 0 });
    const bad = await api("/api/v1/notification/markRead", await asUser(author.id, { json: { ids: ["x"] } }));
    expect(bad.status).toBe(400);
  });
});

describe("GET, PATCH /api/v1/notification/preferences", () => {
  it("answers every kind with defaults, changes the named ones, and follows them", async () => {
    const author = await createUser();
    const fan = await createUser();
    const initial = await api<Envelope<{ preferences: NotificationPreference[] }>>(
      "/api/v1/notification/preferences",
      await asUser(author.id),
    );
    expect(initial.body.data.preferences).toHaveLength(7);
    expect(initial.body.data.preferences.every((item) => item.inApp && !item.email)).toBe(true);

    const changed = await setPreferences(author.id, [
      { kind: "comment-on-your-project", inApp: false, email: true },
      { kind: "make-on-your-project", inApp: false },
    ]);
    expect(changed.status).toBe(200);
    expect(changed.body.data.preferences.find((item) => item.kind === "comment-on-your-project")).toEqual({
      kind: "comment-on-your-project",
      inApp: false,
      email: true,
    });
    // Off in the app, on by e-mail: written (for the digest), not shown.
    const { post } = await createProject({ userId: author.id });
    await commentThroughApi(inject("baseUrl"), fan.id, post.id, "Hidden from the app");
    expect(await inbox(author.id)).toMatchObject({ notifications: [], unreadCount: 0 });
    const written = () =>
      testDb()
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, author.id));
    expect((await written()).map((row) => row.kind)).toEqual(["comment-on-your-project"]);
    // Off in both: not written at all.
    await setPreferences(author.id, [{ kind: "comment-on-your-project", email: false }]);
    await commentThroughApi(inject("baseUrl"), fan.id, post.id, "Not even written");
    expect(await written()).toHaveLength(1);

    const unknown = await setPreferences(author.id, [{ kind: "nope" as never, inApp: true }]);
    expect(unknown.status).toBe(400);
    const twice = await setPreferences(author.id, [
      { kind: "project-approved", inApp: true },
      { kind: "project-approved", email: true },
    ]);
    expect(twice.status).toBe(400);
    expect((await api("/api/v1/notification/preferences")).status).toBe(401);
  });
});

describe("the daily digest (sendNotificationDigest)", () => {
  it("e-mails each user their unread notices of the kinds they chose, once", async () => {
    const { sendNotificationDigest } = await import("@/lib/services/notifications/send-notification-digest");
    // Earlier tests' notices are claimed first, so this run sees only the ones below.
    await sendNotificationDigest();
    const author = await createUser();
    const fan = await createUser();
    await setPreferences(author.id, [{ kind: "comment-on-your-project", email: true, inApp: false }]);
    const { post } = await createProject({ userId: author.id });
    await commentThroughApi(inject("baseUrl"), fan.id, post.id, "For the digest");

    const first = await sendNotificationDigest();
    expect(first.emails).toBe(1);
    const mail = (await readOutbox(inject("outboxDir"))).filter(
      (message) => message.to === author.email && message.kind === "notification-digest",
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("1 new notification on CNC Projects");
    expect(mail[0]!.text).toContain(`@${fan.username} commented on “${post.title}”`);
    expect((await sendNotificationDigest()).emails).toBe(0);
  });
});

describe("notifyRemix", () => {
  it("tells the original's author of a public remix once, and of a remix not public yet never", async () => {
    const { notifyRemix } = await import("@/lib/services/notifications/notify-remix");
    const original = await createListedPost();
    const remixer = await createUser();
    const draft = await createListedPost({ userId: remixer.id, visibility: "draft" });
    expect(await notifyRemix({ remixPostId: draft.id, basedOnPostId: original.id })).toBe(0);

    const remix = await createListedPost({ userId: remixer.id });
    expect(await notifyRemix({ remixPostId: remix.id, basedOnPostId: original.id })).toBe(1);
    expect(await notifyRemix({ remixPostId: remix.id, basedOnPostId: original.id })).toBe(0);
    const [notice] = (await inbox(original.userId)).notifications;
    expect(notice).toMatchObject({ kind: "remix-of-your-project", post: { _id: remix.id } });
    expect(notice!.text).toBe(
      `@${remixer.username} remixed your project “${original.title}” as “${remix.title}”`,
    );

    // One's own remix of one's own project tells nobody.
    const own = await createListedPost({ userId: original.userId });
    expect(await notifyRemix({ remixPostId: own.id, basedOnPostId: original.id })).toBe(0);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("documents every follow and notification call", async () => {
    const { body } = await api<{ paths: Record<string, Record<string, unknown>> }>("/api/v1/openapi.json");
    const operations = [
      ["post", "/api/v1/follow/create"],
      ["delete", "/api/v1/follow/delete"],
      ["get", "/api/v1/notification"],
      ["get", "/api/v1/notification/unreadCount"],
      ["post", "/api/v1/notification/markRead"],
      ["get", "/api/v1/notification/preferences"],
      ["patch", "/api/v1/notification/preferences"],
    ] as const;
    for (const [method, path] of operations)
      expect(body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
