import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { posts, reviewDecisions } from "@/lib/db/schema";
import type { PostDetail, PostList } from "@/lib/validation/posts";
import type { ReviewDecision, ReviewPost } from "@/lib/validation/review";
import { createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";
import { readOutbox, waitForMail } from "../support/outbox";

type Queue = {
  posts: ReviewPost[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
};
type Decided = {
  post: { _id: string; visibility: string; publishedAt: string | null };
  decision: ReviewDecision;
};

/** A verified user under the staff domain (STAFF_EMAIL_DOMAIN defaults to onefinitycnc.com). */
const createStaff = (overrides: { isVerified?: boolean } = {}) =>
  createUser({ email: `reviewer-${unique()}@onefinitycnc.com`, isVerified: overrides.isVerified ?? true });

const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join("");

async function queue(userId: string, query = "limit=100"): Promise<Queue> {
  const { status, body } = await api<Envelope<Queue>>(`/api/v1/review/posts?${query}`, await asUser(userId));
  expect(status).toBe(200);
  return body.data;
}

const approve = async (userId: string | null, postId: string) =>
  api<Envelope<Decided>>(
    `/api/v1/review/approve/${postId}`,
    userId
      ? await asUser(userId, { method: "POST" })
      : { method: "POST", headers: { origin: inject("baseUrl") } },
  );

const reject = async (userId: string | null, postId: string, json: unknown) =>
  api<Envelope<Decided>>(
    `/api/v1/review/reject/${postId}`,
    userId
      ? await asUser(userId, { json })
      : {
          method: "POST",
          headers: { origin: inject("baseUrl"), "content-type": "application/json" },
          body: JSON.stringify(json),
        },
  );

describe("GET /api/v1/review/posts", () => {
  it("lists pending posts only, oldest first, with each model and its pre-flight report", async () => {
    const staff = await createStaff();
    const older = await createProject({ visibility: "private" });
    const newer = await createProject({ visibility: "private" });
    await testDb()
      .update(posts)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(posts.id, older.post.id));
    const draft = await createListedPost({ visibility: "draft" });
    const published = await createListedPost({ visibility: "public" });

    const data = await queue(staff.id);
    const ids = data.posts.map((post) => post._id);
    expect(ids).toContain(older.post.id);
    expect(ids).toContain(newer.post.id);
    expect(ids.indexOf(older.post.id)).toBeLessThan(ids.indexOf(newer.post.id));
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(published.id);
    expect(data.pagination).toMatchObject({ page: 1, limit: 100 });
    expect(data.pagination.total).toBeGreaterThanOrEqual(2);

    const item = data.posts.find((post) => post._id === newer.post.id)!;
    expect(item).toMatchObject({
      title: newer.post.title,
      visibility: "private",
      user: { _id: newer.owner.id },
      models: [{ _id: newer.model.id, fileName: "part.nc" }],
      preflight: [{ modelId: newer.model.id, fileName: "part.nc", warnings: [] }],
    });
    expect(item.models[0]!.url).toMatch(/^http/);
    expect(new Date(item.submittedAt).toISOString()).toBe(item.submittedAt);
  });

  it("pages with page and limit, and rejects bad values with 400", async () => {
    const staff = await createStaff();
    await createProject({ visibility: "private" });
    await createProject({ visibility: "private" });
    const first = await queue(staff.id, "page=1&limit=1");
    const second = await queue(staff.id, "page=2&limit=1");
    expect(first.posts).toHaveLength(1);
    expect(second.posts).toHaveLength(1);
    expect(first.posts[0]!._id).not.toBe(second.posts[0]!._id);
    expect(first.pagination.totalPages).toBe(first.pagination.total);
    const bad = await api(`/api/v1/review/posts?limit=0`, await asUser(staff.id));
    expect(bad.status).toBe(400);
  });

  it("answers 401 signed out and 403 to everybody who is not staff", async () => {
    expect((await api("/api/v1/review/posts")).status).toBe(401);
    const maker = await createUser();
    const author = await createUser();
    await createProject({ visibility: "private", userId: author.id });
    const unverifiedStaffDomain = await createStaff({ isVerified: false });
    for (const user of [maker, author, unverifiedStaffDomain]) {
      const refused = await api<Envelope<unknown>>("/api/v1/review/posts", await asUser(user.id));
      expect(refused.status).toBe(403);
      expect(refused.body.errorMessage).toBe("Only staff can review projects.");
    }
  });
});

describe("POST /api/v1/review/approve/{postId}", () => {
  it("publishes the post, logs the decision and e-mails the author (post-approved)", async () => {
    const staff = await createStaff();
    const token = word();
    const author = await createUser();
    const { post } = await createProject({ visibility: "private", userId: author.id });
    await testDb()
      .update(posts)
      .set({ title: `Walnut ${token} board` })
      .where(eq(posts.id, post.id));

    // Not listed or searchable while pending.
    const before = await api<Envelope<PostList>>(`/api/v1/post?searchQuery=${token}`);
    expect(before.body.data.posts).toEqual([]);

    const { status, body } = await approve(staff.id, post.id);
    expect(status).toBe(200);
    expect(body.data.post).toMatchObject({ _id: post.id, visibility: "public" });
    expect(body.data.post.publishedAt).not.toBeNull();
    expect(body.data.decision).toMatchObject({
      postId: post.id,
      decision: "approved",
      reason: null,
      reviewer: { _id: staff.id, username: staff.username },
    });

    const [row] = await testDb()
      .select({ visibility: posts.visibility, publishedAt: posts.publishedAt })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.visibility).toBe("public");
    expect(row!.publishedAt).toBeInstanceOf(Date);
    const log = await testDb().select().from(reviewDecisions).where(eq(reviewDecisions.postId, post.id));
    expect(log).toEqual([
      expect.objectContaining({
        reviewerId: staff.id,
        decision: "approved",
        reason: null,
        postTitle: `Walnut ${token} board`,
      }),
    ]);

    const mail = await waitForMail(
      inject("outboxDir"),
      (m) => m.to === author.email && m.kind === "post-approved",
    );
    expect(mail.subject).toContain(`Walnut ${token} board`);
    expect(mail.text).toContain(`/model/${post.id}`);

    // Now in the listing and in search, for a visitor too.
    const after = await api<Envelope<PostList>>(`/api/v1/post?searchQuery=${token}`);
    expect(after.body.data.posts.map((card) => card._id)).toEqual([post.id]);
  });

  it("answers 409 for a post that is not pending, and changes nothing", async () => {
    const staff = await createStaff();
    for (const visibility of ["draft", "public", "unlisted"] as const) {
      const author = await createUser();
      const post = await createListedPost({ visibility, userId: author.id });
      const { status, body } = await approve(staff.id, post.id);
      expect(status).toBe(409);
      expect(body.errorMessage).toBe("This project is not pending review.");
      const [row] = await testDb()
        .select({ visibility: posts.visibility })
        .from(posts)
        .where(eq(posts.id, post.id));
      expect(row!.visibility).toBe(visibility);
      expect(
        await testDb().select().from(reviewDecisions).where(eq(reviewDecisions.postId, post.id)),
      ).toEqual([]);
      expect((await readOutbox(inject("outboxDir"))).filter((m) => m.to === author.email)).toEqual([]);
    }
    // A second approval of the same post is a conflict too.
    const { post } = await createProject({ visibility: "private" });
    expect((await approve(staff.id, post.id)).status).toBe(200);
    expect((await approve(staff.id, post.id)).status).toBe(409);
  });

  it("lets exactly one of two simultaneous decisions win", async () => {
    const staff = await createStaff();
    const { post } = await createProject({ visibility: "private" });
    const results = await Promise.all([
      approve(staff.id, post.id),
      reject(staff.id, post.id, { reason: "Too small" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(
      await testDb().select().from(reviewDecisions).where(eq(reviewDecisions.postId, post.id)),
    ).toHaveLength(1);
  });

  it("answers 401 signed out, 403 to the author and to other makers, 404 for an unknown post", async () => {
    const author = await createUser();
    const other = await createUser();
    const { post } = await createProject({ visibility: "private", userId: author.id });
    expect((await approve(null, post.id)).status).toBe(401);
    expect((await approve(author.id, post.id)).status).toBe(403);
    expect((await approve(other.id, post.id)).status).toBe(403);
    const [row] = await testDb()
      .select({ visibility: posts.visibility })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.visibility).toBe("private");
    const staff = await createStaff();
    expect((await approve(staff.id, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await approve(staff.id, "not-an-id")).status).toBe(400);
  });
});

describe("POST /api/v1/review/reject/{postId}", () => {
  it("sends the post back to draft, logs and e-mails the reason, and shows it to owner and staff only until the next submit", async () => {
    const staff = await createStaff();
    const author = await createUser();
    const stranger = await createUser();
    const { post } = await createProject({ visibility: "private", userId: author.id });
    const reason = `The thumbnail does not show the project ${word()}`;

    const { status, body } = await reject(staff.id, post.id, { reason: `  ${reason}  ` });
    expect(status).toBe(200);
    expect(body.data.post).toMatchObject({ _id: post.id, visibility: "draft", publishedAt: null });
    expect(body.data.decision).toMatchObject({ decision: "rejected", reason });

    const [row] = await testDb()
      .select({ visibility: posts.visibility })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.visibility).toBe("draft");
    const log = await testDb()
      .select()
      .from(reviewDecisions)
      .where(and(eq(reviewDecisions.postId, post.id), eq(reviewDecisions.decision, "rejected")));
    expect(log).toEqual([expect.objectContaining({ reviewerId: staff.id, reason })]);

    const mail = await waitForMail(
      inject("outboxDir"),
      (m) => m.to === author.email && m.kind === "post-rejected",
    );
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain(reason);

    const detail = async (userId: string) =>
      (await api<Envelope<{ post: PostDetail }>>(`/api/v1/post/${post.id}`, await asUser(userId))).body.data
        .post;
    expect((await detail(author.id)).reviewRejectionReason).toBe(reason);
    expect((await detail(staff.id)).reviewRejectionReason).toBe(reason);
    // A draft stays hidden from everybody else.
    expect((await api(`/api/v1/post/${post.id}`, await asUser(stranger.id))).status).toBe(404);

    // On the owner's Draft tab card too.
    const drafts = await api<Envelope<PostList>>(
      `/api/v1/post/getPostsByUsername/${author.username}?postType=draft`,
      await asUser(author.id),
    );
    expect(drafts.body.data.posts).toEqual([
      expect.objectContaining({ _id: post.id, reviewRejectionReason: reason }),
    ]);

    // The next submit (draft -> private) clears it; an approval later keeps it cleared.
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, post.id));
    expect((await detail(author.id)).reviewRejectionReason).toBeNull();
    expect((await approve(staff.id, post.id)).status).toBe(200);
    expect((await detail(author.id)).reviewRejectionReason).toBeNull();
  });

  it("requires a reason of 3 to 1000 characters", async () => {
    const staff = await createStaff();
    const { post } = await createProject({ visibility: "private" });
    const cases: [unknown, string][] = [
      [{}, "Please give a reason for the rejection."],
      [{ reason: "   " }, "Please give a reason for the rejection."],
      [{ reason: "no" }, "The reason must be at least 3 characters."],
      [{ reason: "x".repeat(1001) }, "The reason must be at most 1000 characters."],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await reject(staff.id, post.id, json);
      expect(status).toBe(400);
      expect(body.issues).toEqual([{ path: "reason", message }]);
    }
    const [row] = await testDb()
      .select({ visibility: posts.visibility })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.visibility).toBe("private");
    expect((await reject(staff.id, post.id, { reason: "x".repeat(1000) })).status).toBe(200);
  });

  it("answers 401 signed out, 403 for non-staff and 409 for a post that is not pending", async () => {
    const author = await createUser();
    const { post } = await createProject({ visibility: "private", userId: author.id });
    expect((await reject(null, post.id, { reason: "Not good" })).status).toBe(401);
    expect((await reject(author.id, post.id, { reason: "Not good" })).status).toBe(403);
    expect((await reject((await createUser()).id, post.id, { reason: "Not good" })).status).toBe(403);
    const staff = await createStaff();
    const draft = await createListedPost({ visibility: "draft" });
    const published = await createListedPost({ visibility: "public" });
    expect((await reject(staff.id, draft.id, { reason: "Not good" })).status).toBe(409);
    expect((await reject(staff.id, published.id, { reason: "Not good" })).status).toBe(409);
  });
});
