import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeFeed, postRemixes, posts, users } from "@/lib/db/schema";
import type { PostDetail, PostSummary } from "@/lib/validation/posts";
import { createCategory, createTag, createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

type PostAnswer = Envelope<{ post: PostDetail }>;
type Pagination = { page: number; limit: number; total: number; totalPages: number };
type RemixPage = Envelope<{ posts: PostSummary[]; pagination: Pagination }>;

const createStaff = () => createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });

async function details(extra: Record<string, unknown> = {}) {
  const category = await createCategory();
  const tags = [await createTag(), await createTag()];
  return {
    title: unique("Remix "),
    description: "A remix of a clock",
    category: category.id,
    tags: tags.map((tag) => tag.id),
    ...extra,
  };
}

async function createDraft(userId: string, extra: Record<string, unknown> = {}) {
  return api<PostAnswer>("/api/v1/post/createPost", await asUser(userId, { json: await details(extra) }));
}

async function update(userId: string, postId: string, body: Record<string, unknown>) {
  return api<PostAnswer>(
    `/api/v1/post/updatePost/${postId}`,
    await asUser(userId, { json: body, method: "PATCH" }),
  );
}

async function detail(postId: string, userId?: string) {
  return api<PostAnswer>(`/api/v1/post/${postId}`, userId ? await asUser(userId) : {});
}

async function remixes(postId: string, userId?: string, query = "") {
  return api<RemixPage>(`/api/v1/post/getRemixes/${postId}${query}`, userId ? await asUser(userId) : {});
}

const linksOf = async (postId: string) =>
  (await testDb().select().from(postRemixes).where(eq(postRemixes.postId, postId)))
    .map((link) => link.basedOnPostId)
    .sort();

const setVisibility = (postId: string, visibility: "public" | "draft" | "private" | "unlisted") =>
  testDb().update(posts).set({ visibility }).where(eq(posts.id, postId));

describe("basedOn on POST /api/v1/post/createPost, POST /api/v1/post/create, PATCH /api/v1/post/updatePost/{postId}", () => {
  it("links a new draft to public projects (JSON), and answers them in basedOn", async () => {
    const author = await createUser();
    const first = await createListedPost();
    const second = await createListedPost();
    const created = await createDraft(author.id, { basedOn: [first.id, second.id, first.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = created.body.data.post;
    expect(await linksOf(post._id)).toEqual([first.id, second.id].sort());
    expect(post.basedOn.map((entry) => entry._id).sort()).toEqual([first.id, second.id].sort());
    const [firstAuthor] = await testDb().select().from(users).where(eq(users.id, first.userId));
    expect(post.basedOn.find((entry) => entry._id === first.id)).toEqual({
      _id: first.id,
      title: first.title,
      user: { _id: first.userId, username: firstAuthor!.username },
    });
    expect(post.remixCount).toBe(0);
  });

  it("takes basedOn from a multipart step 1 (repeated or as a JSON array)", async () => {
    const author = await createUser();
    const first = await createListedPost();
    const second = await createListedPost();
    for (const encode of ["repeated", "json"] as const) {
      const form = new FormData();
      for (const [key, value] of Object.entries(await details())) {
        if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
        else form.append(key, String(value));
      }
      if (encode === "repeated") {
        form.append("basedOn", first.id);
        form.append("basedOn", second.id);
      } else {
        form.append("basedOn", JSON.stringify([first.id, second.id]));
      }
      const init = await asUser(author.id);
      const created = await api<PostAnswer>("/api/v1/post/createPost", {
        ...init,
        method: "POST",
        body: form,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(await linksOf(created.body.data.post._id)).toEqual([first.id, second.id].sort());
    }
  });

  it("post/create takes basedOn with the full payload", async () => {
    const author = await createUser();
    const original = await createListedPost();
    const created = await api<PostAnswer>(
      "/api/v1/post/create",
      await asUser(author.id, {
        json: { title: unique("Scripted "), description: "From a script", basedOn: [original.id] },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await linksOf(created.body.data.post._id)).toEqual([original.id]);
  });

  it("updatePost replaces the list; [] clears it; a published post goes back to draft", async () => {
    const { post, owner } = await createProject();
    const [a, b, c] = [await createListedPost(), await createListedPost(), await createListedPost()];
    expect((await update(owner.id, post.id, { basedOn: [a.id, b.id] })).status).toBe(200);
    expect(await linksOf(post.id)).toEqual([a.id, b.id].sort());
    const [row] = await testDb()
      .select({ visibility: posts.visibility })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.visibility).toBe("draft");
    const replaced = await update(owner.id, post.id, { basedOn: [b.id, c.id] });
    expect(replaced.status).toBe(200);
    expect(await linksOf(post.id)).toEqual([b.id, c.id].sort());
    expect((await update(owner.id, post.id, { title: "Only the title" })).status).toBe(200);
    expect(await linksOf(post.id)).toEqual([b.id, c.id].sort());
    expect((await update(owner.id, post.id, { basedOn: [] })).status).toBe(200);
    expect(await linksOf(post.id)).toEqual([]);
  });

  it("refuses itself, more than 5, unknown ids, other people's drafts and non-public projects, writing nothing", async () => {
    const { post, owner } = await createProject({ visibility: "draft" });
    const publics = await Promise.all(Array.from({ length: 6 }, () => createListedPost()));
    const someoneElsesDraft = await createListedPost({ visibility: "draft" });
    const ownDraft = await createListedPost({ userId: owner.id, visibility: "draft" });
    const unlisted = await createListedPost({ visibility: "unlisted" });
    const cases: [unknown, number, string][] = [
      [[post.id], 400, "A project cannot be based on itself"],
      [publics.map((p) => p.id), 400, "A project can be based on at most 5 projects"],
      [["00000000-0000-4000-8000-000000000000"], 400, "A project named in Based on was not found"],
      [[someoneElsesDraft.id], 400, "A project named in Based on was not found"],
      [[ownDraft.id], 400, "Only public projects can be named in Based on"],
      [[unlisted.id], 400, "Only public projects can be named in Based on"],
      [["not-an-id"], 400, "Invalid id"],
      ["nope", 400, "basedOn must be a list of project ids"],
    ];
    for (const [basedOn, status, message] of cases) {
      const answer = await update(owner.id, post.id, { title: "Changed", basedOn });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect((answer.body as unknown as { issues: { path: string; message: string }[] }).issues).toEqual([
        expect.objectContaining({ message }),
      ]);
    }
    expect(await linksOf(post.id)).toEqual([]);
    const [row] = await testDb().select({ title: posts.title }).from(posts).where(eq(posts.id, post.id));
    expect(row!.title).toBe(post.title);
  });

  it("keeps a link to a project that stopped being public; it counts towards the limit", async () => {
    const { post, owner } = await createProject({ visibility: "draft" });
    const originals = await Promise.all(Array.from({ length: 5 }, () => createListedPost()));
    expect((await update(owner.id, post.id, { basedOn: originals.map((p) => p.id) })).status).toBe(200);
    await setVisibility(originals[0]!.id, "draft");
    // The author no longer sees it, so saving the list they see keeps it.
    const seen = (await detail(post.id, owner.id)).body.data.post.basedOn.map((entry) => entry._id);
    expect(seen).toHaveLength(4);
    expect((await update(owner.id, post.id, { basedOn: seen })).status).toBe(200);
    expect(await linksOf(post.id)).toHaveLength(5);
    const another = await createListedPost();
    const full = await update(owner.id, post.id, { basedOn: [...seen, another.id] });
    expect(full.status).toBe(400);
    // Public again: back in its place.
    await setVisibility(originals[0]!.id, "public");
    expect((await detail(post.id, owner.id)).body.data.post.basedOn).toHaveLength(5);
  });
});

describe("GET /api/v1/post/{id}: basedOn and remixCount", () => {
  it("shows public based-on projects and counts public remixes; a project that stops being public drops out for others", async () => {
    const { post: original, owner: originalOwner } = await createProject();
    const { post: remix, owner: remixer } = await createProject({ visibility: "draft" });
    expect((await update(remixer.id, remix.id, { basedOn: [original.id] })).status).toBe(200);

    // A draft remix counts only for its own author.
    expect((await detail(original.id)).body.data.post.remixCount).toBe(0);
    expect((await detail(original.id, remixer.id)).body.data.post.remixCount).toBe(1);

    // Visitors' details are cached until the change feed drops them: asked until it has.
    await setVisibility(remix.id, "public");
    await expect.poll(async () => (await detail(original.id)).body.data.post.remixCount).toBe(1);
    expect((await detail(remix.id)).body.data.post.basedOn.map((entry) => entry._id)).toEqual([original.id]);

    await setVisibility(original.id, "draft");
    await expect.poll(async () => (await detail(remix.id)).body.data.post.basedOn).toEqual([]);
    expect((await detail(remix.id, remixer.id)).body.data.post.basedOn).toEqual([]);
    // Its own author still sees the link.
    expect((await detail(remix.id, originalOwner.id)).body.data.post.basedOn).toHaveLength(1);
    expect(await linksOf(remix.id)).toEqual([original.id]);
  });

  it("deleting either project removes the link", async () => {
    const { post: original } = await createProject();
    const { post: remix, owner } = await createProject({ visibility: "draft" });
    expect((await update(owner.id, remix.id, { basedOn: [original.id] })).status).toBe(200);
    await testDb().delete(posts).where(eq(posts.id, original.id));
    expect(await linksOf(remix.id)).toEqual([]);
  });
});

describe("GET /api/v1/post/getRemixes/{postId}", () => {
  it("lists public remixes as cards, newest link first, paged; a non-public remix is not listed, even to its author", async () => {
    const { post: original } = await createProject();
    const remixer = await createUser();
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const created = await createDraft(remixer.id, { basedOn: [original.id] });
      expect(created.status).toBe(201);
      made.push(created.body.data.post._id);
    }
    await setVisibility(made[0]!, "public");
    await setVisibility(made[1]!, "public");

    const guest = await remixes(original.id);
    expect(guest.status).toBe(200);
    expect(guest.body.data.posts.map((card) => card._id)).toEqual([made[1], made[0]]);
    expect(guest.body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });

    const paged = await remixes(original.id, undefined, "?page=2&limit=1");
    expect(paged.body.data.posts.map((card) => card._id)).toEqual([made[0]]);
    expect(paged.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });

    const own = await remixes(original.id, remixer.id);
    expect(own.body.data.posts.map((card) => card._id)).toEqual([made[1], made[0]]);
    expect(own.body.data.pagination.total).toBe(2);
  });

  it("answers 404 for a project hidden from the reader, and 400 for a bad id or page", async () => {
    const { post: draft, owner } = await createProject({ visibility: "draft" });
    expect((await remixes(draft.id)).status).toBe(404);
    expect((await remixes(draft.id, (await createUser()).id)).status).toBe(404);
    expect((await remixes(draft.id, owner.id)).status).toBe(200);
    expect((await remixes(draft.id, (await createStaff()).id)).status).toBe(200);
    expect((await remixes("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await remixes("not-an-id")).status).toBe(400);
    expect((await remixes(draft.id, owner.id, "?limit=500")).status).toBe(400);
  });
});

describe("the change feed", () => {
  it("notes both projects when a link is made, and the linked projects when a project's visibility changes", async () => {
    const { post: original } = await createProject();
    const { post: remix, owner } = await createProject({ visibility: "draft" });
    const noted = async (key: string) =>
      (
        await testDb()
          .select()
          .from(changeFeed)
          .where(and(eq(changeFeed.kind, "post"), eq(changeFeed.key, key)))
      ).length;
    const before = await noted(original.id);
    expect((await update(owner.id, remix.id, { basedOn: [original.id] })).status).toBe(200);
    expect(await noted(original.id)).toBeGreaterThan(before);
    const afterLink = await noted(original.id);
    await setVisibility(remix.id, "public");
    expect(await noted(original.id)).toBeGreaterThan(afterLink);
  });
});
