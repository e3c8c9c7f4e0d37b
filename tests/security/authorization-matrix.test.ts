import { createHash } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import {
  attachments,
  bookmarks,
  collectionPosts,
  collections,
  comments,
  follows,
  likes,
  notificationPreferences,
  notifications,
  ownedMachines,
  postRemixes,
  posts,
  projectMakes,
  tags,
  toolData,
  users,
} from "@/lib/db/schema";
import { createUser, testDb, unique } from "../support/factories";
import {
  accessTokenFor,
  createComment,
  createMakeRow,
  createProject,
  giveMachine,
} from "../support/factories-project";
import { api } from "../support/http";
import { Browser, signupForm, signUpVerified } from "../api/auth-support";

// The authorization matrix, kept proven. For every mutating endpoint another
// user and a visitor are refused and nothing changes; mass assignment changes nothing it should
// not; sessions end on the server; stored XSS in comments stays text. New mutating endpoints
// (the authoring calls and tag/delete are among them) belong in CASES below.

const MARKER = { "x-requested-with": "cnc-projects" };

interface Call {
  method: string;
  path: string;
  json?: unknown;
}

interface Case {
  name: string;
  /** Creates the owner's object; returns the call and a snapshot of what must not change. */
  arrange(): Promise<{ call: Call; snapshot: () => Promise<unknown> }>;
}

async function send(call: Call, userId: string | null) {
  const headers: Record<string, string> = { origin: inject("baseUrl"), ...MARKER };
  if (userId) headers.cookie = `access_token=${await accessTokenFor(userId)}`;
  if (call.json !== undefined) headers["content-type"] = "application/json";
  return api(call.path, {
    method: call.method,
    headers,
    body: call.json === undefined ? undefined : JSON.stringify(call.json),
  });
}

const rowsOf = async <T>(promise: Promise<T[]>) => JSON.stringify(await promise);

const CASES: Case[] = [
  {
    name: "DELETE /api/v1/post/delete/{id}",
    async arrange() {
      const { post } = await createProject();
      return {
        call: { method: "DELETE", path: `/api/v1/post/delete/${post.id}` },
        snapshot: () => rowsOf(testDb().select().from(posts).where(eq(posts.id, post.id))),
      };
    },
  },
  {
    name: "GET /api/v1/attachment/deleteAttachment/{id}",
    async arrange() {
      const { model } = await createProject();
      return {
        call: { method: "GET", path: `/api/v1/attachment/deleteAttachment/${model.id}` },
        snapshot: () => rowsOf(testDb().select().from(attachments).where(eq(attachments.id, model.id))),
      };
    },
  },
  {
    name: "POST /api/v1/attachment/getPreSignedUploadUrl (someone else's post)",
    async arrange() {
      const { post } = await createProject();
      const file = "G21\n";
      return {
        call: {
          method: "POST",
          path: "/api/v1/attachment/getPreSignedUploadUrl",
          json: {
            attachments: [
              {
                parentId: post.id,
                parentType: "post",
                category: "postModel",
                fileName: "x.nc",
                fileHash: createHash("sha256").update(file).digest("hex"),
                fileSize: file.length,
                resourceType: "model",
              },
            ],
          },
        },
        snapshot: () =>
          rowsOf(testDb().select({ n: count() }).from(attachments).where(eq(attachments.postId, post.id))),
      };
    },
  },
  {
    name: "POST /api/v1/attachment/confirmUploads (someone else's pending file)",
    async arrange() {
      const { post, owner } = await createProject();
      const [pending] = await testDb()
        .insert(attachments)
        .values({
          userId: owner.id,
          parentType: "post",
          postId: post.id,
          category: "postMedia",
          resourceType: "other",
          status: "pending",
          fileName: "notes.pdf",
          fileSize: 4,
          storageKey: `posts/${post.id}/postMedia/${unique()}-notes.pdf`,
        })
        .returning();
      return {
        call: {
          method: "POST",
          path: "/api/v1/attachment/confirmUploads",
          json: { attachmentIds: [pending!.id] },
        },
        snapshot: () => rowsOf(testDb().select().from(attachments).where(eq(attachments.id, pending!.id))),
      };
    },
  },
  {
    name: "DELETE /api/v1/comment/delete",
    async arrange() {
      const { post } = await createProject();
      const author = await createUser();
      const comment = await createComment(post.id, author.id);
      return {
        call: { method: "DELETE", path: `/api/v1/comment/delete?postId=${post.id}&commentId=${comment.id}` },
        snapshot: () => rowsOf(testDb().select().from(comments).where(eq(comments.id, comment.id))),
      };
    },
  },
  {
    name: "DELETE /api/v1/projectMake/{makeId}",
    async arrange() {
      const { post } = await createProject();
      const maker = await createUser();
      const make = await createMakeRow(post.id, maker.id);
      return {
        call: { method: "DELETE", path: `/api/v1/projectMake/${make.id}` },
        snapshot: () => rowsOf(testDb().select().from(projectMakes).where(eq(projectMakes.id, make.id))),
      };
    },
  },
  {
    name: "POST /api/v1/review/approve/{postId} (not staff)",
    async arrange() {
      const { post } = await createProject({ visibility: "private" });
      return {
        call: { method: "POST", path: `/api/v1/review/approve/${post.id}` },
        snapshot: () => rowsOf(testDb().select().from(posts).where(eq(posts.id, post.id))),
      };
    },
  },
  {
    name: "POST /api/v1/review/reject/{postId} (not staff)",
    async arrange() {
      const { post } = await createProject({ visibility: "private" });
      return {
        call: { method: "POST", path: `/api/v1/review/reject/${post.id}`, json: { reason: "Not good" } },
        snapshot: () => rowsOf(testDb().select().from(posts).where(eq(posts.id, post.id))),
      };
    },
  },
  ...(["draft", "public"] as const).flatMap((visibility): Case[] => [
    {
      name: `PATCH /api/v1/post/updatePost/{postId} (${visibility})`,
      async arrange() {
        const { post } = await createProject({ visibility });
        return {
          call: {
            method: "PATCH",
            path: `/api/v1/post/updatePost/${post.id}`,
            json: { title: "Taken over", currentPage: 8 },
          },
          snapshot: () => rowsOf(testDb().select().from(posts).where(eq(posts.id, post.id))),
        };
      },
    },
    {
      name: `PUT /api/v1/post/updateAttachments/{postId} (${visibility})`,
      async arrange() {
        const { post } = await createProject({ visibility });
        return {
          call: {
            method: "PUT",
            path: `/api/v1/post/updateAttachments/${post.id}`,
            json: { youtubeUrls: ["https://youtu.be/dQw4w9WgXcQ"] },
          },
          snapshot: () => rowsOf(testDb().select().from(attachments).where(eq(attachments.postId, post.id))),
        };
      },
    },
  ]),
  {
    name: "DELETE /api/v1/tag/delete (not staff)",
    async arrange() {
      const [tag] = await testDb()
        .insert(tags)
        .values({ name: unique("matrix-") })
        .returning();
      return {
        call: { method: "DELETE", path: `/api/v1/tag/delete?id=${tag!.id}` },
        snapshot: () => rowsOf(testDb().select().from(tags).where(eq(tags.id, tag!.id))),
      };
    },
  },
];

/** A user's collection holding one public project, made directly in the database. */
async function createCollectionRow(visibility: "public" | "private") {
  const owner = await createUser();
  const { post } = await createProject({ visibility: "public" });
  const [collection] = await testDb()
    .insert(collections)
    .values({ userId: owner.id, name: "Matrix", slug: unique("matrix-"), visibility })
    .returning();
  await testDb()
    .insert(collectionPosts)
    .values({ collectionId: collection!.id, postId: post.id, position: 0 });
  const snapshot = async () =>
    JSON.stringify([
      await testDb().select().from(collections).where(eq(collections.id, collection!.id)),
      await testDb().select().from(collectionPosts).where(eq(collectionPosts.collectionId, collection!.id)),
    ]);
  return { owner, post, collection: collection!, snapshot };
}

/** Every collection mutation, on a public and on a private collection. */
const COLLECTION_CALLS = (["public", "private"] as const).flatMap((visibility) => [
  {
    name: `POST /api/v1/collection/addPost/{id} (${visibility})`,
    visibility,
    call: async (collectionId: string): Promise<Call> => {
      const { post } = await createProject({ visibility: "public" });
      return {
        method: "POST",
        path: `/api/v1/collection/addPost/${collectionId}`,
        json: { postId: post.id },
      };
    },
  },
  {
    name: `DELETE /api/v1/collection/removePost/{id} (${visibility})`,
    visibility,
    call: async (collectionId: string, postId: string): Promise<Call> => ({
      method: "DELETE",
      path: `/api/v1/collection/removePost/${collectionId}?postId=${postId}`,
    }),
  },
  {
    name: `PATCH /api/v1/collection/update/{id} (${visibility})`,
    visibility,
    call: async (collectionId: string): Promise<Call> => ({
      method: "PATCH",
      path: `/api/v1/collection/update/${collectionId}`,
      json: { name: "Taken over", visibility: "public" },
    }),
  },
  {
    name: `DELETE /api/v1/collection/delete/{id} (${visibility})`,
    visibility,
    call: async (collectionId: string): Promise<Call> => ({
      method: "DELETE",
      path: `/api/v1/collection/delete/${collectionId}`,
    }),
  },
]);

CASES.push(
  ...COLLECTION_CALLS.map((entry): Case => ({
    name: entry.name,
    async arrange() {
      const { collection, post, snapshot } = await createCollectionRow(entry.visibility);
      return { call: await entry.call(collection.id, post.id), snapshot };
    },
  })),
);

describe("collections: staff are refused like anyone else, the owner may", () => {
  for (const entry of COLLECTION_CALLS) {
    it(entry.name, async () => {
      const { owner, collection, post, snapshot } = await createCollectionRow(entry.visibility);
      const call = await entry.call(collection.id, post.id);
      const before = await snapshot();
      const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });
      const asStaff = await send(call, staff.id);
      expect(asStaff.status, JSON.stringify(asStaff.body)).toBe(entry.visibility === "private" ? 404 : 403);
      expect(await snapshot()).toBe(before);
      const asOwner = await send(call, owner.id);
      expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(200);
      expect(await snapshot()).not.toBe(before);
    });
  }
});

describe("send links (POST /api/v1/post/sendLink/{postId}): who may download may have one", () => {
  for (const visibility of ["draft", "private", "public"] as const) {
    it(`${visibility}: signed out, another user, owner, staff`, async () => {
      const { post, model, owner } = await createProject({ visibility });
      const call: Call = {
        method: "POST",
        path: `/api/v1/post/sendLink/${post.id}`,
        json: { attachmentId: model.id },
      };
      const snapshot = () => rowsOf(testDb().select().from(attachments).where(eq(attachments.id, model.id)));
      const before = await snapshot();
      const hidden = visibility !== "public";
      const stranger = await createUser();
      for (const userId of [null, stranger.id]) {
        const answer = await send(call, userId);
        expect(answer.status, JSON.stringify(answer.body)).toBe(hidden ? 404 : 200);
        if (hidden) expect(await snapshot()).toBe(before);
      }
      const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });
      for (const userId of [owner.id, staff.id]) {
        const answer = await send(call, userId);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
    });
  }
});

/** A remix (public or draft) based on a public project, made directly in the database. */
async function createRemixRow(visibility: "public" | "draft") {
  const { post: original } = await createProject();
  const { post: remix, owner } = await createProject({ visibility });
  await testDb().insert(postRemixes).values({ postId: remix.id, basedOnPostId: original.id });
  const { post: another } = await createProject();
  const snapshot = () => rowsOf(testDb().select().from(postRemixes).where(eq(postRemixes.postId, remix.id)));
  const call: Call = {
    method: "PATCH",
    path: `/api/v1/post/updatePost/${remix.id}`,
    json: { basedOn: [another.id] },
  };
  return { original, remix, owner, snapshot, call };
}

CASES.push(
  ...(["public", "draft"] as const).map((visibility): Case => ({
    name: `PATCH /api/v1/post/updatePost/{postId} basedOn (${visibility})`,
    async arrange() {
      const { call, snapshot } = await createRemixRow(visibility);
      return { call, snapshot };
    },
  })),
);

describe("remixes: staff cannot change a project's Based on, the owner may", () => {
  for (const visibility of ["public", "draft"] as const) {
    it(`PATCH /api/v1/post/updatePost/{postId} basedOn (${visibility})`, async () => {
      const { owner, snapshot, call } = await createRemixRow(visibility);
      const before = await snapshot();
      const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });
      const asStaff = await send(call, staff.id);
      expect(asStaff.status, JSON.stringify(asStaff.body)).toBe(403);
      expect(await snapshot()).toBe(before);
      const asOwner = await send(call, owner.id);
      expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(200);
      expect(await snapshot()).not.toBe(before);
    });
  }
});

describe("GET /api/v1/post/getRemixes/{postId}: visitor, another user, owner, staff", () => {
  // A public project's remixes are everyone's to see; a draft's only its owner's and staff's.
  const expected = {
    public: { visitor: 200, stranger: 200, owner: 200, staff: 200 },
    draft: { visitor: 404, stranger: 404, owner: 200, staff: 200 },
  } as const;
  for (const visibility of ["public", "draft"] as const) {
    it(`a ${visibility} project`, async () => {
      const { post, owner } = await createProject({ visibility });
      const stranger = await createUser();
      const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });
      const call: Call = { method: "GET", path: `/api/v1/post/getRemixes/${post.id}` };
      const answers = {
        visitor: (await send(call, null)).status,
        stranger: (await send(call, stranger.id)).status,
        owner: (await send(call, owner.id)).status,
        staff: (await send(call, staff.id)).status,
      };
      expect(answers).toEqual(expected[visibility]);
    });
  }
});

/**
 * Follows and notifications act on the caller's own rows only: the "owner" is the follower or the
 * notified user. A visitor gets 401; another user and staff get 200 about their own (empty) rows,
 * and the owner's stay as they were; the owner's call does what it says.
 */
async function createNotifiedOwner() {
  const owner = await createUser();
  const maker = await createUser();
  const { post } = await createProject({ userId: owner.id });
  await testDb().insert(follows).values({ followerId: owner.id, followeeId: maker.id });
  const [notice] = await testDb()
    .insert(notifications)
    .values({ userId: owner.id, kind: "comment-on-your-project", actorId: maker.id, postId: post.id })
    .returning();
  const snapshot = async () =>
    JSON.stringify([
      await testDb().select().from(follows).where(eq(follows.followerId, owner.id)),
      await testDb().select().from(notifications).where(eq(notifications.userId, owner.id)),
      await testDb()
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, owner.id)),
    ]);
  return { owner, maker, notice: notice!, snapshot };
}

const OWN_ROW_CALLS: {
  name: string;
  call: (context: Awaited<ReturnType<typeof createNotifiedOwner>>) => Call;
  /** Whether the owner's own call changes the snapshot (reads do not). */
  changes: boolean;
  /** What the owner's answer shows that another user's must not. */
  ownerSees?: (body: unknown, noticeId: string) => boolean;
}[] = [
  {
    name: "POST /api/v1/follow/create",
    call: ({ maker }) => ({
      method: "POST",
      path: "/api/v1/follow/create",
      json: { username: maker.username },
    }),
    changes: false,
  },
  {
    name: "DELETE /api/v1/follow/delete",
    call: ({ maker }) => ({ method: "DELETE", path: `/api/v1/follow/delete?username=${maker.username}` }),
    changes: true,
  },
  {
    name: "GET /api/v1/notification",
    call: () => ({ method: "GET", path: "/api/v1/notification" }),
    changes: false,
    ownerSees: (body, noticeId) => JSON.stringify(body).includes(noticeId),
  },
  {
    name: "GET /api/v1/notification/unreadCount",
    call: () => ({ method: "GET", path: "/api/v1/notification/unreadCount" }),
    changes: false,
    ownerSees: (body) => (body as { data: { unreadCount: number } }).data.unreadCount === 1,
  },
  {
    name: "POST /api/v1/notification/markRead (ids)",
    call: ({ notice }) => ({
      method: "POST",
      path: "/api/v1/notification/markRead",
      json: { ids: [notice.id] },
    }),
    changes: true,
  },
  {
    name: "POST /api/v1/notification/markRead (all)",
    call: () => ({ method: "POST", path: "/api/v1/notification/markRead", json: {} }),
    changes: true,
  },
  {
    name: "GET /api/v1/notification/preferences",
    call: () => ({ method: "GET", path: "/api/v1/notification/preferences" }),
    changes: false,
  },
  {
    name: "PATCH /api/v1/notification/preferences",
    call: () => ({
      method: "PATCH",
      path: "/api/v1/notification/preferences",
      json: { preferences: [{ kind: "project-approved", inApp: false, email: true }] },
    }),
    changes: true,
  },
];

describe("follows and notifications: each caller acts on their own rows only", () => {
  for (const entry of OWN_ROW_CALLS) {
    it(entry.name, async () => {
      const context = await createNotifiedOwner();
      const call = entry.call(context);
      const before = await context.snapshot();
      const asVisitor = await send(call, null);
      expect(asVisitor.status, `visitor: ${JSON.stringify(asVisitor.body)}`).toBe(401);
      expect(await context.snapshot()).toBe(before);
      const stranger = await createUser();
      const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com`, isVerified: true });
      for (const [who, userId] of [
        ["stranger", stranger.id],
        ["staff", staff.id],
      ] as const) {
        const answer = await send(call, userId);
        expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(200);
        expect(await context.snapshot(), who).toBe(before);
        if (entry.ownerSees) expect(entry.ownerSees(answer.body, context.notice.id), who).toBe(false);
      }
      const asOwner = await send(call, context.owner.id);
      expect(asOwner.status, `owner: ${JSON.stringify(asOwner.body)}`).toBe(200);
      if (entry.ownerSees) expect(entry.ownerSees(asOwner.body, context.notice.id)).toBe(true);
      if (entry.changes) expect(await context.snapshot()).not.toBe(before);
      else expect(await context.snapshot()).toBe(before);
    });
  }
});

describe("another user and a visitor are refused, and nothing changes", () => {
  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const { call, snapshot } = await testCase.arrange();
      const before = await snapshot();
      const stranger = await createUser();
      const asStranger = await send(call, stranger.id);
      expect([403, 404], `stranger: ${JSON.stringify(asStranger.body)}`).toContain(asStranger.status);
      expect(await snapshot()).toBe(before);
      const asVisitor = await send(call, null);
      expect(asVisitor.status, `visitor: ${JSON.stringify(asVisitor.body)}`).toBe(401);
      expect(await snapshot()).toBe(before);
    });
  }
});

describe("a visitor cannot call the signed-in mutations", () => {
  it("likes, bookmarks, comments, makes, profile, machines, passwords and OTP answer 401 and write nothing", async () => {
    const { post, variants } = await createProject();
    const calls: Call[] = [
      { method: "POST", path: "/api/v1/like/create", json: { postId: post.id } },
      { method: "DELETE", path: `/api/v1/like/delete?postId=${post.id}` },
      { method: "POST", path: "/api/v1/bookmark/create", json: { postId: post.id } },
      { method: "DELETE", path: `/api/v1/bookmark/delete?postId=${post.id}` },
      {
        method: "POST",
        path: "/api/v1/comment/create",
        json: { postId: post.id, comment: '{"ops":[{"insert":"hi\\n"}]}' },
      },
      {
        method: "POST",
        path: "/api/v1/projectMake/create",
        json: { postId: post.id, printedOn: variants[0]!.id, isPrinted: false },
      },
      { method: "POST", path: "/api/v1/auth/updateUser", json: { firstname: "Eve", lastname: "Visitor" } },
      { method: "POST", path: "/api/v1/auth/addMachines", json: { cncVariantIdList: [variants[0]!.id] } },
      { method: "POST", path: "/api/v1/auth/removeMachine", json: { cncVariantId: variants[0]!.id } },
      {
        method: "PATCH",
        path: "/api/v1/auth/updatePassword",
        json: { currentPassword: "x", newPassword: "new password 1", confirmPassword: "new password 1" },
      },
      { method: "POST", path: "/api/v1/auth/validateOtp", json: { otp: "ABC123" } },
      { method: "GET", path: "/api/v1/auth/getVerificationOtp" },
    ];
    for (const call of calls) {
      const result = await send(call, null);
      expect(result.status, `${call.method} ${call.path}`).toBe(401);
    }
    const [likeCount] = await testDb().select({ n: count() }).from(likes).where(eq(likes.postId, post.id));
    const [bookmarkCount] = await testDb()
      .select({ n: count() })
      .from(bookmarks)
      .where(eq(bookmarks.postId, post.id));
    const [commentCount] = await testDb()
      .select({ n: count() })
      .from(comments)
      .where(eq(comments.postId, post.id));
    const [makeCount] = await testDb()
      .select({ n: count() })
      .from(projectMakes)
      .where(eq(projectMakes.postId, post.id));
    expect([likeCount!.n, bookmarkCount!.n, commentCount!.n, makeCount!.n]).toEqual([0, 0, 0, 0]);
  });
});

describe("mass assignment", () => {
  it("register ignores isVerified, isOnefinityOfficial, authProvider and an id", async () => {
    const browser = new Browser();
    const { form } = await signupForm({}, (data) => {
      data.append("isVerified", "true");
      data.append("isOnefinityOfficial", "true");
      data.append("authProvider", "google");
      data.append("_id", "00000000-0000-4000-8000-000000000000");
    });
    const result = await browser.call<{ user: { _id: string } }>("/api/v1/auth/register", { form });
    expect(result.status).toBe(201);
    const [row] = await testDb().select().from(users).where(eq(users.id, result.body.data.user._id));
    expect(row).toMatchObject({ isVerified: false, isOnefinityOfficial: false, authProvider: "email" });
    expect(row!.id).not.toBe("00000000-0000-4000-8000-000000000000");
  });

  it("updateUser ignores email, username, isVerified and isOnefinityOfficial", async () => {
    const browser = new Browser();
    const { user, fields } = await signUpVerified(browser);
    const form = new FormData();
    for (const [key, value] of Object.entries({
      firstname: "Grace",
      lastname: "Hopper",
      email: "taken-over@example.com",
      username: "someone_else",
      isVerified: "false",
      isOnefinityOfficial: "true",
    })) {
      form.append(key, value);
    }
    const result = await browser.call("/api/v1/auth/updateUser", { form });
    expect(result.status).toBe(200);
    const [row] = await testDb().select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({
      firstname: "Grace",
      email: fields.email,
      username: fields.username,
      isVerified: true,
      isOnefinityOfficial: false,
    });
  });

  it("a comment, a like and a make are the caller's own whatever user id the body names", async () => {
    const { post, variants } = await createProject();
    const victim = await createUser();
    const caller = await createUser();
    await giveMachine(caller.id, variants[0]!.id);
    const comment = await send(
      {
        method: "POST",
        path: "/api/v1/comment/create",
        json: {
          postId: post.id,
          comment: '{"ops":[{"insert":"mine\\n"}]}',
          userId: victim.id,
          user: victim.id,
        },
      },
      caller.id,
    );
    expect(comment.status).toBe(201);
    const like = await send(
      { method: "POST", path: "/api/v1/like/create", json: { postId: post.id, userId: victim.id } },
      caller.id,
    );
    expect(like.status).toBeLessThan(300);
    const make = await send(
      {
        method: "POST",
        path: "/api/v1/projectMake/create",
        json: { postId: post.id, printedOn: variants[0]!.id, isPrinted: false, userId: victim.id },
      },
      caller.id,
    );
    expect(make.status).toBe(201);
    const victimRows = await Promise.all([
      testDb()
        .select()
        .from(comments)
        .where(and(eq(comments.postId, post.id), eq(comments.userId, victim.id))),
      testDb()
        .select()
        .from(likes)
        .where(and(eq(likes.postId, post.id), eq(likes.userId, victim.id))),
      testDb()
        .select()
        .from(projectMakes)
        .where(and(eq(projectMakes.postId, post.id), eq(projectMakes.userId, victim.id))),
    ]);
    expect(victimRows.map((rows) => rows.length)).toEqual([0, 0, 0]);
  });

  it("removing a machine only ever touches the caller's own list", async () => {
    const { variants } = await createProject();
    const victim = await createUser();
    await giveMachine(victim.id, variants[0]!.id);
    const caller = await createUser();
    await send(
      {
        method: "POST",
        path: "/api/v1/auth/removeMachine",
        json: { cncVariantId: variants[0]!.id, userId: victim.id },
      },
      caller.id,
    );
    const rows = await testDb().select().from(ownedMachines).where(eq(ownedMachines.userId, victim.id));
    expect(rows.length).toBe(1);
  });
});

describe("sessions end on the server", () => {
  it("logout: the old access and refresh tokens stop working", async () => {
    const browser = new Browser();
    await signUpVerified(browser);
    const copy = new Browser();
    for (const name of ["access_token", "refresh_token"]) copy.cookies.set(name, browser.cookies.get(name)!);
    expect((await browser.call("/api/v1/auth/logout")).status).toBe(200);
    expect((await copy.call("/api/v1/auth/me")).status).toBe(403);
    expect((await copy.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
  });

  it("password change ends every other session, and the old password stops working", async () => {
    const browser = new Browser();
    const { fields } = await signUpVerified(browser);
    const other = new Browser();
    const login = await other.call("/api/v1/auth/login", {
      json: { email: fields.email, password: fields.password },
    });
    expect(login.status).toBe(200);
    const changed = await browser.call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: {
        currentPassword: fields.password,
        newPassword: "a brand new secret",
        confirmPassword: "a brand new secret",
      },
    });
    expect(changed.status).toBe(200);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(200);
    expect((await other.call("/api/v1/auth/me")).status).toBe(403);
    expect((await other.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
    const oldPassword = await new Browser().call("/api/v1/auth/login", {
      json: { email: fields.email, password: fields.password },
    });
    expect(oldPassword.status).toBe(401);
  });
});

describe("stored XSS in comments", () => {
  const PAYLOADS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '"><svg onload=alert(1)>',
    "javascript:alert(1)",
  ];

  it("payloads stay text in the API and on the project page; javascript: links are dropped", async () => {
    const { post } = await createProject();
    const writer = await createUser();
    for (const payload of PAYLOADS) {
      const delta = JSON.stringify({
        ops: [
          { insert: payload, attributes: { link: "javascript:alert(document.cookie)" } },
          { insert: "\n" },
        ],
      });
      const created = await send(
        { method: "POST", path: "/api/v1/comment/create", json: { postId: post.id, comment: delta } },
        writer.id,
      );
      expect(created.status).toBe(201);
    }
    const listed = await api<{ data: { comments: { comment: string }[] } }>(
      `/api/v1/comment/getCommentsByPostId/${post.id}`,
    );
    // The texts are kept as text; the javascript: links are gone from the stored deltas.
    const ops = listed.body.data.comments.flatMap(
      (item) =>
        (JSON.parse(item.comment) as { ops: { insert: unknown; attributes?: { link?: string } }[] }).ops,
    );
    const text = ops.map((op) => String(op.insert)).join("");
    for (const payload of PAYLOADS) expect(text).toContain(payload);
    expect(ops.filter((op) => op.attributes?.link?.toLowerCase().includes("javascript:"))).toEqual([]);
    const page = await api<string>(`/model/${post.id}`);
    expect(page.status).toBe(200);
    const html = page.body;
    expect(html).not.toMatch(/<script>alert\(1\)<\/script>/);
    expect(html).not.toMatch(/<img src=x onerror/i);
    expect(html).not.toMatch(/<svg onload/i);
    expect(html).not.toMatch(/href="javascript:/i);
  });
});

describe("feeds check and chipload atlas: who sees what (signed out, another user, owner, staff)", () => {
  async function projectWithFeeds(visibility: "public" | "private") {
    const project = await createProject({ visibility });
    const [tool] = await testDb()
      .insert(toolData)
      .values({
        postId: project.post.id,
        modelId: project.model.id,
        laserOrEndmill: "Endmill",
        toolUnit: "mm",
        toolUsed: 6,
        toolType: "Upcut Endmill",
        flutes: 2,
      })
      .returning({ id: toolData.id });
    const check = {
      tool: { _id: tool!.id, number: 1, diameterMm: 6, type: "Upcut Endmill" },
      feedMmPerMin: 3000,
      rpm: 18000,
      flutes: 2,
      chiploadMm: 0.0833,
      recommendedMm: [0.1, 0.2],
      status: "low",
      material: "MDF",
      depthOfCutMm: 3,
      depthFactor: 1,
      source: { name: "AST Tooling", url: "https://www.asttooling.com/pages/speeds-and-feeds-charts" },
    } as const;
    await testDb()
      .update(attachments)
      .set({
        preflight: {
          version: 2,
          warnings: ["Chipload too low"],
          feeds: [{ ...check, recommendedMm: [0.1, 0.2] }],
          checkedAt: new Date().toISOString(),
        },
      })
      .where(eq(attachments.id, project.model.id));
    return { ...project, toolId: tool!.id };
  }

  const staffUser = () => createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });

  it("GET /api/v1/atlas/chipload is public: 200 for all four", async () => {
    const { owner } = await createProject();
    const readers = [null, (await createUser()).id, owner.id, (await staffUser()).id];
    for (const reader of readers) {
      const result = await send({ method: "GET", path: "/api/v1/atlas/chipload?material=MDF" }, reader);
      expect(result.status, String(reader)).toBe(200);
    }
  });

  it("GET /api/v1/post/{id}: every reader sees each bit's verdict; only the owner and staff the pre-flight report", async () => {
    const { post, owner, model, toolId } = await projectWithFeeds("public");
    const readers: [string, string | null, boolean][] = [
      ["signed out", null, false],
      ["another user", (await createUser()).id, false],
      ["owner", owner.id, true],
      ["staff", (await staffUser()).id, true],
    ];
    for (const [name, reader, seesReport] of readers) {
      const result = await send({ method: "GET", path: `/api/v1/post/${post.id}` }, reader);
      expect(result.status, name).toBe(200);
      const detail = (
        result.body as {
          data: {
            post: {
              toolData: { _id: string; feeds: { status: string } | null }[];
              attachments: { _id: string; preflight?: { feeds?: unknown[] } }[];
            };
          };
        }
      ).data.post;
      expect(detail.toolData.find((tool) => tool._id === toolId)?.feeds?.status, name).toBe("low");
      const report = detail.attachments.find((file) => file._id === model.id)?.preflight;
      if (seesReport) expect(report?.feeds, name).toHaveLength(1);
      else expect(report, name).toBeUndefined();
    }
  });

  it("GET /api/v1/review/posts: 401 signed out, 403 another user and the owner, staff get the feeds", async () => {
    const { post, owner } = await projectWithFeeds("private");
    const path = "/api/v1/review/posts?limit=100";
    expect((await send({ method: "GET", path }, null)).status).toBe(401);
    expect((await send({ method: "GET", path }, (await createUser()).id)).status).toBe(403);
    expect((await send({ method: "GET", path }, owner.id)).status).toBe(403);
    const asStaff = await send({ method: "GET", path }, (await staffUser()).id);
    expect(asStaff.status).toBe(200);
    const queued = (
      asStaff.body as { data: { posts: { _id: string; preflight: { feeds: unknown[] }[] }[] } }
    ).data.posts.find((item) => item._id === post.id);
    expect(queued?.preflight[0]?.feeds).toHaveLength(1);
  });

  it("POST /api/v1/projectMake/create: a bit's figures come from the project, never from the body", async () => {
    const { post, variants, toolId } = await projectWithFeeds("public");
    const caller = await createUser();
    await giveMachine(caller.id, variants[0]!.id);
    const body = {
      postId: post.id,
      printedOn: variants[0]!.id,
      isPrinted: false,
      material: "MDF",
      bitToolId: toolId,
      chiploadMm: 5,
      feedMmPerMin: 99999,
      rpm: 1,
      flutes: 8,
      bitDiameterMm: 100,
    };
    expect(
      (await send({ method: "POST", path: "/api/v1/projectMake/create", json: body }, null)).status,
    ).toBe(401);
    const made = await send({ method: "POST", path: "/api/v1/projectMake/create", json: body }, caller.id);
    expect(made.status).toBe(201);
    const [row] = await testDb()
      .select({
        chiploadMm: projectMakes.chiploadMm,
        feedMmPerMin: projectMakes.feedMmPerMin,
        flutes: projectMakes.flutes,
        bitDiameterMm: projectMakes.bitDiameterMm,
      })
      .from(projectMakes)
      .where(and(eq(projectMakes.postId, post.id), eq(projectMakes.userId, caller.id)));
    expect(row).toEqual({ chiploadMm: 0.0833, feedMmPerMin: 3000, flutes: 2, bitDiameterMm: 6 });
  });
});
