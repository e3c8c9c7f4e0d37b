import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachments, posts } from "@/lib/db/schema";
import type { PostList } from "@/lib/validation/posts";
import { createCategory, createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

const HOUR = 60 * 60 * 1000;

/** A listing as a signed-in reader (no guest page cache). */
async function listing(query: Record<string, string | number>, userId?: string) {
  const reader = userId ?? (await createUser()).id;
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return api<Envelope<PostList>>(`/api/v1/post?${search}`, await asUser(reader));
}

const idsOf = (list: PostList) => list.posts.map((post) => post._id);

async function setCounters(postId: string, values: Partial<typeof posts.$inferInsert>) {
  await testDb().update(posts).set(values).where(eq(posts.id, postId));
}

/** A file of the post downloaded `times` times: posts.downloads_count follows by trigger. */
async function addDownloads(postId: string, userId: string, times: number) {
  const [file] = await testDb()
    .insert(attachments)
    .values({
      userId,
      parentType: "post",
      postId,
      status: "ready",
      category: "postModel",
      resourceType: "model",
      fileName: "part.nc",
      fileSize: 10,
      storageKey: `posts/${postId}/postModel/${unique()}-part.nc`,
    })
    .returning();
  await testDb().update(attachments).set({ downloadCount: times }).where(eq(attachments.id, file!.id));
  return file!;
}

/**
 * Four posts in a category of their own, sharing a search word, each first in one order: `a`
 * newest created, `b` published last, `c` most liked and best rated, `d` most made and most
 * downloaded.
 */
async function fourPosts() {
  const word = unique("sortword");
  const category = await createCategory();
  const author = await createUser();
  const now = Date.now();
  const make = (title: string, createdAt: number) =>
    createListedPost({
      title: `${word} ${title}`,
      userId: author.id,
      createdAt: new Date(createdAt),
      categoryId: category.id,
    });
  const a = await make("alpha", now - 1 * HOUR);
  const b = await make("bravo", now - 4 * HOUR);
  const c = await make("charlie", now - 3 * HOUR);
  const d = await make("delta", now - 2 * HOUR);
  // Publication order differs from creation order: b went public last.
  await setCounters(a.id, { publishedAt: new Date(now - 1 * HOUR) });
  await setCounters(c.id, { publishedAt: new Date(now - 3 * HOUR) });
  await setCounters(d.id, { publishedAt: new Date(now - 2 * HOUR) });
  await setCounters(b.id, { publishedAt: new Date(now - 10 * 60 * 1000) });
  await setCounters(c.id, { likesCount: 9, averageTotalRating: 4.5, makesCount: 1 });
  await setCounters(d.id, { likesCount: 2, averageTotalRating: 3, makesCount: 7 });
  await setCounters(b.id, { likesCount: 5, averageTotalRating: 4 });
  await addDownloads(d.id, author.id, 30);
  await addDownloads(b.id, author.id, 12);
  await addDownloads(b.id, author.id, 3);
  return { word, category, author, a, b, c, d };
}

describe("GET /api/v1/post?sort=", () => {
  it("orders by each sort, newest first breaking ties, with a filter", async () => {
    const { category, a, b, c, d } = await fourPosts();
    const order = async (sort?: string) => {
      const result = await listing({ category: category.name, ...(sort ? { sort } : {}) });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return idsOf(result.body.data);
    };
    expect(await order("latest")).toEqual([b.id, a.id, d.id, c.id]);
    expect(await order("popular")).toEqual([c.id, b.id, d.id, a.id]);
    expect(await order("topRated")).toEqual([c.id, b.id, d.id, a.id]);
    expect(await order("mostMade")).toEqual([d.id, c.id, a.id, b.id]);
    // 30 for d; 12 + 3 for b (two files); a and c none, newest first.
    expect(await order("mostDownloaded")).toEqual([d.id, b.id, a.id, c.id]);
    // Without a sort the order stays: newest created first.
    expect(await order()).toEqual([a.id, d.id, c.id, b.id]);
  });

  it("orders a search by the sort (the search's matches, in the sort's order)", async () => {
    const { word, a, b, c, d } = await fourPosts();
    const result = await listing({ searchQuery: word, sort: "mostMade" });
    expect(result.status).toBe(200);
    expect(idsOf(result.body.data)).toEqual([d.id, c.id, a.id, b.id]);
    expect(result.body.data.pagination.total).toBe(4);
    const reader = (await createUser()).id;
    const first = await listing({ searchQuery: word, sort: "popular", limit: 3 }, reader);
    const second = await listing({ searchQuery: word, sort: "popular", limit: 3, page: 2 }, reader);
    expect([...idsOf(first.body.data), ...idsOf(second.body.data)]).toEqual([c.id, b.id, d.id, a.id]);
    expect(second.body.data.pagination).toMatchObject({ total: 4, totalPages: 2 });
  });

  it("leaves a post out of a sorted search once it is no longer public", async () => {
    const { word, a, b, c, d } = await fourPosts();
    const reader = (await createUser()).id;
    expect(idsOf((await listing({ searchQuery: word, sort: "topRated" }, reader)).body.data)).toHaveLength(4);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, c.id));
    const after = await listing({ searchQuery: word, sort: "topRated" }, reader);
    expect(idsOf(after.body.data)).toEqual([b.id, d.id, a.id]);
  });

  it("every listed project carries publishedAt, and the sort keeps the filters and the total", async () => {
    const { word, category, b } = await fourPosts();
    const elsewhere = await createListedPost({ title: `${word} echo` });
    const sorted = await listing({ searchQuery: word, sort: "latest", category: category.name });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.pagination.total).toBe(4);
    expect(idsOf(sorted.body.data)).not.toContain(elsewhere.id);

    const all = await listing({ searchQuery: word, sort: "latest", limit: 5 });
    expect(all.body.data.pagination.total).toBe(5);
    for (const post of all.body.data.posts) expect(post.publishedAt).toEqual(expect.any(String));
    const latest = all.body.data.posts.find((post) => post._id === b.id);
    expect(new Date(latest!.publishedAt!).getTime()).toBeGreaterThan(Date.now() - 15 * 60 * 1000);
  });

  it("pages a sort without repeating or skipping a post", async () => {
    const { category } = await fourPosts();
    const reader = (await createUser()).id;
    const query = { category: category.name, sort: "popular" };
    const whole = idsOf((await listing(query, reader)).body.data);
    const first = idsOf((await listing({ ...query, limit: 2 }, reader)).body.data);
    const second = idsOf((await listing({ ...query, limit: 2, page: 2 }, reader)).body.data);
    expect(whole).toHaveLength(4);
    expect([...first, ...second]).toEqual(whole);
  });

  it("answers signed-out visitors too (the server process's direct route)", async () => {
    const { category, d } = await fourPosts();
    const result = await api<Envelope<PostList>>(
      `/api/v1/post?category=${encodeURIComponent(category.name)}&sort=mostMade`,
    );
    expect(result.status).toBe(200);
    expect(idsOf(result.body.data)[0]).toBe(d.id);
  });

  it("rejects an unknown sort with 400 and the allowed values; an empty sort is none", async () => {
    const bad = await api<Envelope<never>>("/api/v1/post?sort=random");
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: "sort", message: "sort must be one of: latest, popular, topRated, mostMade, mostDownloaded" },
    ]);
    expect((await api("/api/v1/post?sort=")).status).toBe(200);
  });
});

describe("published_at", () => {
  it("is set when a post first becomes public and kept when it is published again", async () => {
    const draft = await createListedPost({ visibility: "draft" });
    const read = async () =>
      (await testDb().select({ at: posts.publishedAt }).from(posts).where(eq(posts.id, draft.id)))[0]!.at;
    expect(await read()).toBeNull();
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, draft.id));
    expect(await read()).toBeNull();
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, draft.id));
    const first = await read();
    expect(first).toBeInstanceOf(Date);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, draft.id));
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, draft.id));
    expect((await read())?.getTime()).toBe(first!.getTime());
  });

  it("downloads_count follows its files' downloads, and deleted files' downloads leave it", async () => {
    const post = await createListedPost();
    const file = await addDownloads(post.id, post.userId, 4);
    await addDownloads(post.id, post.userId, 2);
    const read = async () =>
      (await testDb().select({ n: posts.downloadsCount }).from(posts).where(eq(posts.id, post.id)))[0]!.n;
    expect(await read()).toBe(6);
    await testDb().delete(attachments).where(eq(attachments.id, file.id));
    expect(await read()).toBe(2);
  });
});
