import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { posts } from "@/lib/db/schema";
import type { PostDetail, PostList } from "@/lib/validation/posts";
import { createCategory, createUser, testDb } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { accessTokenFor, commentThroughApi, createProject } from "../support/factories-project";
import type { Envelope } from "../support/http";
import { ownApp } from "../support/own-app";

// The suite's shared server runs with the signed-out listing cache off (its tests write rows
// straight into the database); this file starts one with the cache on, as in production.
const CACHE_SECONDS = 2;
const app = ownApp("cache", {
  PUBLIC_CACHE_SECONDS: String(CACHE_SECONDS),
  POST_DETAIL_CACHE_SECONDS: "60",
});

/** A post's like count in a guest's listing of its category. */
async function likesOf(category: string, postId: string): Promise<number | undefined> {
  const response = await fetch(`${app.baseUrl}/api/v1/post?category=${encodeURIComponent(category)}`, {
    headers: { origin: app.baseUrl },
  });
  const { data } = (await response.json()) as Envelope<PostList>;
  return data.posts.find((post) => post._id === postId)?.likes;
}

/** The titles of a category's listing (a new category per test: no search, whose ranking is cached for everyone). */
async function titles(category: string, userId?: string): Promise<string[]> {
  const headers: Record<string, string> = { origin: app.baseUrl };
  if (userId) headers.cookie = `access_token=${await accessTokenFor(userId)}`;
  const url = `${app.baseUrl}/api/v1/post?category=${encodeURIComponent(category)}`;
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as Envelope<PostList>;
  return data.posts.map((post) => post.title);
}

describe("the signed-out listing cache (PUBLIC_CACHE_SECONDS)", () => {
  it("reuses a guest's page for its TTL, never a signed-in user's, and drops it after a write", async () => {
    const { id: categoryId, name: category } = await createCategory();
    const viewer = await createUser();
    const first = await createListedPost({
      title: "first",
      categoryId,
      createdAt: new Date(Date.now() - 60_000),
    });
    expect(await titles(category)).toEqual(["first"]);

    // A row written behind the app's back reaches the cache through the change feed.
    await createListedPost({ title: "second", categoryId, createdAt: new Date(Date.now() - 30_000) });
    expect(await titles(category, viewer.id)).toEqual(["second", "first"]);
    await expect.poll(() => titles(category), { timeout: 2_000, interval: 100 }).toEqual(["second", "first"]);

    // A write through the API: its answer leaves once this process's caches show it, and every
    // change committed before it.
    await createListedPost({ title: "third", categoryId });
    const liked = await fetch(`${app.baseUrl}/api/v1/like/create`, {
      method: "POST",
      headers: {
        origin: app.baseUrl,
        "content-type": "application/json",
        cookie: `access_token=${await accessTokenFor(viewer.id)}`,
      },
      body: JSON.stringify({ postId: first.id }),
    });
    expect(liked.status).toBe(200);
    expect(await titles(category)).toEqual(["third", "second", "first"]);
    expect(await likesOf(category, first.id)).toBe(1);

    // Counters alone may lag: a guest's page is then at most CACHE_SECONDS old.
    await testDb().update(posts).set({ likesCount: 7 }).where(eq(posts.id, first.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await likesOf(category, first.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000));
    expect(await likesOf(category, first.id)).toBe(7);
  });

  it("reuses a guest's post detail until the post changes, through the app or not", async () => {
    const { post } = await createProject();
    const fan = await createUser();
    const detailTitle = async () => {
      const response = await fetch(`${app.baseUrl}/api/v1/post/${post.id}`, {
        headers: { origin: app.baseUrl },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as Envelope<{ post: PostDetail }>).data.post.title;
    };
    expect(await detailTitle()).toBe(post.title);

    // Renamed behind the app's back: the change feed drops the cached detail within 2 s.
    await testDb()
      .update(posts)
      .set({ title: `${post.title} (renamed)` })
      .where(eq(posts.id, post.id));
    await expect.poll(detailTitle, { timeout: 2_000, interval: 100 }).toBe(`${post.title} (renamed)`);

    // A comment through the API: the next guest read already shows it.
    const commented = await commentThroughApi(app.baseUrl, fan.id, post.id, "Neat");
    expect(commented.status).toBe(201);
    const response = await fetch(`${app.baseUrl}/api/v1/post/${post.id}`, {
      headers: { origin: app.baseUrl },
    });
    expect(((await response.json()) as Envelope<{ post: PostDetail }>).data.post.comments).toBe(1);
  });
});
