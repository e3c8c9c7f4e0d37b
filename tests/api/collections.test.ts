import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { collections, posts } from "@/lib/db/schema";
import type { Collection } from "@/lib/validation/collections";
import type { PostSummary } from "@/lib/validation/posts";
import { createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser } from "../support/factories-project";
import { api, type ApiResult, type Envelope } from "../support/http";

type Pagination = { page: number; limit: number; total: number; totalPages: number };
type CollectionPage = { collection: Collection; posts: PostSummary[]; pagination: Pagination };

const createStaff = () => createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });

async function create(
  userId: string,
  body: Record<string, unknown>,
): Promise<ApiResult<Envelope<{ collection: Collection }>>> {
  return api("/api/v1/collection/create", await asUser(userId, { json: body }));
}

async function made(userId: string, visibility: "public" | "private" = "public", name = "Shop jigs") {
  const result = await create(userId, { name, visibility });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.data.collection;
}

async function addPost(userId: string, collectionId: string, postId: string) {
  return api<Envelope<{ collection: Collection }>>(
    `/api/v1/collection/addPost/${collectionId}`,
    await asUser(userId, { json: { postId } }),
  );
}

async function view(collectionId: string, userId?: string, query = "") {
  const init = userId ? await asUser(userId) : {};
  return api<Envelope<CollectionPage>>(`/api/v1/collection/${collectionId}${query}`, init);
}

async function byUsername(username: string, userId?: string, query = "") {
  const init = userId ? await asUser(userId) : {};
  return api<Envelope<{ collections: Collection[]; pagination: Pagination }>>(
    `/api/v1/collection/getCollectionsByUsername/${username}${query}`,
    init,
  );
}

const idsOf = (page: CollectionPage) => page.posts.map((post) => post._id);

describe("POST /api/v1/collection/create", () => {
  it("makes a collection with a slug unique per owner", async () => {
    const owner = await createUser();
    const first = await create(owner.id, {
      name: "  Walnut Clocks & Co ",
      description: "Clocks",
      visibility: "private",
    });
    expect(first.status).toBe(201);
    expect(first.body.data.collection).toMatchObject({
      name: "Walnut Clocks & Co",
      slug: "walnut-clocks-co",
      visibility: "private",
      description: "Clocks",
      postCount: 0,
      user: { _id: owner.id, username: owner.username },
    });
    const second = await made(owner.id, "public", "Walnut clocks co");
    expect(second.slug).toBe("walnut-clocks-co-2");
    // Another owner may use the same slug.
    expect((await made((await createUser()).id, "public", "Walnut clocks co")).slug).toBe("walnut-clocks-co");
  });

  it("answers bad input with 400 and the field's message, and no session with 401", async () => {
    const owner = await createUser();
    const short = await create(owner.id, { name: "ab", visibility: "public" });
    expect(short.status).toBe(400);
    expect(short.body.issues).toEqual([
      { path: "name", message: "Name must be between 3 and 60 characters" },
    ]);
    const long = await create(owner.id, {
      name: "x".repeat(61),
      description: "y".repeat(501),
      visibility: "x",
    });
    expect(long.status).toBe(400);
    expect(long.body.issues?.map((issue) => issue.path).sort()).toEqual([
      "description",
      "name",
      "visibility",
    ]);
    const signedOut = await api("/api/v1/collection/create", {
      method: "POST",
      headers: { "content-type": "application/json", origin: inject("baseUrl") },
      body: JSON.stringify({ name: "Nope", visibility: "public" }),
    });
    expect(signedOut.status).toBe(401);
  });
});

describe("GET /api/v1/collection/{id}", () => {
  it("shows a public collection's projects in order to everyone; a private one only to its owner", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const staff = await createStaff();
    const open = await made(owner.id, "public");
    const hidden = await made(owner.id, "private", "Secret");
    const first = await createListedPost();
    const second = await createListedPost();
    expect((await addPost(owner.id, open._id, first.id)).status).toBe(200);
    expect((await addPost(owner.id, open._id, second.id)).body.data.collection.postCount).toBe(2);
    // Adding again keeps its place.
    expect((await addPost(owner.id, open._id, first.id)).body.data.collection.postCount).toBe(2);

    const asGuest = await view(open._id);
    expect(asGuest.status).toBe(200);
    expect(idsOf(asGuest.body.data)).toEqual([first.id, second.id]);
    expect(asGuest.body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    const paged = await view(open._id, stranger.id, "?limit=1&page=2");
    expect(idsOf(paged.body.data)).toEqual([second.id]);

    for (const reader of [undefined, stranger.id, staff.id]) {
      const refused = await view(hidden._id, reader);
      expect(refused.status).toBe(404);
      expect(refused.body.errorMessage).toBe("Collection not found");
    }
    expect((await view(hidden._id, owner.id)).status).toBe(200);
    expect((await view(crypto.randomUUID())).status).toBe(404);
    expect((await api("/api/v1/collection/not-an-id")).status).toBe(400);
  });

  it("hides a project that stops being public from every view, but keeps the owner's own", async () => {
    const owner = await createUser();
    const reader = await createUser();
    const list = await made(owner.id);
    const theirs = await createListedPost();
    const mine = await createListedPost({ userId: owner.id });
    await addPost(owner.id, list._id, theirs.id);
    await addPost(owner.id, list._id, mine.id);
    const unpublish = (postId: string) =>
      testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, postId));
    await unpublish(theirs.id);
    await unpublish(mine.id);

    const asReader = (await view(list._id, reader.id)).body.data;
    expect(asReader.posts).toEqual([]);
    expect(asReader.collection.postCount).toBe(0);
    const asOwner = (await view(list._id, owner.id)).body.data;
    expect(idsOf(asOwner)).toEqual([mine.id]);
    expect(asOwner.collection.postCount).toBe(1);

    // Published again, it is back in its place.
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, theirs.id));
    expect(idsOf((await view(list._id, reader.id)).body.data)).toEqual([theirs.id]);
  });
});

describe("POST /api/v1/collection/addPost/{id} and DELETE /api/v1/collection/removePost/{id}", () => {
  it("adds public projects and the owner's own, nothing else", async () => {
    const owner = await createUser();
    const list = await made(owner.id);
    const ownDraft = await createListedPost({ userId: owner.id, visibility: "draft" });
    const othersDraft = await createListedPost({ visibility: "draft" });
    const othersUnlisted = await createListedPost({ visibility: "unlisted" });

    expect((await addPost(owner.id, list._id, ownDraft.id)).status).toBe(200);
    const draft = await addPost(owner.id, list._id, othersDraft.id);
    expect(draft.status).toBe(404);
    expect(draft.body.errorMessage).toBe("Project not found");
    const unlisted = await addPost(owner.id, list._id, othersUnlisted.id);
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.issues).toEqual([
      { path: "postId", message: "Only public projects (or your own) can be added to a collection." },
    ]);
    expect((await addPost(owner.id, list._id, crypto.randomUUID())).status).toBe(404);
    expect((await addPost(owner.id, list._id, "nope")).status).toBe(400);
  });

  it("lets only the owner change a collection: 403 for others on a public one, 404 on a private one", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const staff = await createStaff();
    const open = await made(owner.id, "public");
    const hidden = await made(owner.id, "private", "Secret");
    const post = await createListedPost();
    for (const actor of [stranger.id, staff.id]) {
      expect((await addPost(actor, open._id, post.id)).status).toBe(403);
      expect((await addPost(actor, hidden._id, post.id)).status).toBe(404);
    }
    expect((await view(open._id)).body.data.collection.postCount).toBe(0);
  });

  it("removes idempotently, whatever the project's visibility now", async () => {
    const owner = await createUser();
    const list = await made(owner.id);
    const post = await createListedPost();
    await addPost(owner.id, list._id, post.id);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, post.id));
    const remove = async () =>
      api<Envelope<{ collection: Collection }>>(
        `/api/v1/collection/removePost/${list._id}?postId=${post.id}`,
        await asUser(owner.id, { method: "DELETE" }),
      );
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(200);
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, post.id));
    expect((await view(list._id)).body.data.posts).toEqual([]);
  });

  it("keeps distinct places under concurrent adds", async () => {
    const owner = await createUser();
    const list = await made(owner.id);
    const many = await Promise.all(Array.from({ length: 6 }, () => createListedPost()));
    const results = await Promise.all(many.map((post) => addPost(owner.id, list._id, post.id)));
    expect(results.map((result) => result.status)).toEqual(many.map(() => 200));
    const page = (await view(list._id)).body.data;
    expect(page.collection.postCount).toBe(6);
    expect(new Set(idsOf(page)).size).toBe(6);
  });
});

describe("PATCH /api/v1/collection/update/{id} and DELETE /api/v1/collection/delete/{id}", () => {
  it("renames (the slug follows), changes visibility and reorders", async () => {
    const owner = await createUser();
    const list = await made(owner.id);
    const [a, b, c] = await Promise.all([createListedPost(), createListedPost(), createListedPost()]);
    for (const post of [a!, b!, c!]) await addPost(owner.id, list._id, post.id);
    const update = async (body: Record<string, unknown>) =>
      api<Envelope<{ collection: Collection }>>(
        `/api/v1/collection/update/${list._id}`,
        await asUser(owner.id, { json: body, method: "PATCH" }),
      );
    const renamed = await update({ name: "Best boxes", visibility: "private", postIds: [c!.id, a!.id] });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.collection).toMatchObject({
      name: "Best boxes",
      slug: "best-boxes",
      visibility: "private",
      postCount: 3,
    });
    expect(idsOf((await view(list._id, owner.id)).body.data)).toEqual([c!.id, a!.id, b!.id]);
    expect((await view(list._id)).status).toBe(404);

    const stray = await update({ postIds: [crypto.randomUUID()] });
    expect(stray.status).toBe(400);
    expect(stray.body.issues).toEqual([
      { path: "postIds", message: "postIds must name projects of the collection, each once" },
    ]);
    expect((await update({ postIds: [a!.id, a!.id] })).status).toBe(400);
    expect((await update({ name: "no" })).status).toBe(400);
  });

  it("deletes a collection, leaving its projects", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const list = await made(owner.id);
    const post = await createListedPost();
    await addPost(owner.id, list._id, post.id);
    const remove = async (userId: string) =>
      api(`/api/v1/collection/delete/${list._id}`, await asUser(userId, { method: "DELETE" }));
    expect((await remove(stranger.id)).status).toBe(403);
    const deleted = await remove(owner.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: "success", data: { collection: { _id: list._id } } });
    expect(await testDb().select().from(collections).where(eq(collections.id, list._id))).toEqual([]);
    expect(await testDb().select({ id: posts.id }).from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    expect((await remove(owner.id)).status).toBe(404);
  });
});

describe("GET /api/v1/collection/getCollectionsByUsername/{username}", () => {
  it("lists public collections for everyone, and private ones for their owner, newest first", async () => {
    const owner = await createUser();
    const reader = await createUser();
    const older = await made(owner.id, "public", "Older");
    const secret = await made(owner.id, "private", "Secret");
    const post = await createListedPost();
    await addPost(owner.id, older._id, post.id);

    const asReader = await byUsername(owner.username, reader.id);
    expect(asReader.status).toBe(200);
    expect(asReader.body.data.collections.map((collection) => collection._id)).toEqual([older._id]);
    expect(asReader.body.data.pagination.total).toBe(1);
    expect((await byUsername(owner.username)).body.data.collections).toHaveLength(1);

    const asOwner = await byUsername(owner.username.toUpperCase(), owner.id, `?postId=${post.id}`);
    expect(asOwner.body.data.collections.map((collection) => [collection._id, collection.hasPost])).toEqual([
      [secret._id, false],
      [older._id, true],
    ]);
    expect((await byUsername(unique("nobody"))).status).toBe(404);
    expect((await byUsername(owner.username, undefined, "?postId=x")).status).toBe(400);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("documents every collection call", async () => {
    const { body } = await api<{ paths: Record<string, Record<string, unknown>> }>("/api/v1/openapi.json");
    const operations = [
      ["post", "/api/v1/collection/create"],
      ["get", "/api/v1/collection/{id}"],
      ["patch", "/api/v1/collection/update/{id}"],
      ["delete", "/api/v1/collection/delete/{id}"],
      ["post", "/api/v1/collection/addPost/{id}"],
      ["delete", "/api/v1/collection/removePost/{id}"],
      ["get", "/api/v1/collection/getCollectionsByUsername/{username}"],
    ] as const;
    for (const [method, path] of operations)
      expect(body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
