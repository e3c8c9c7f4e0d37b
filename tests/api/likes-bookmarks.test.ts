import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { likes, posts } from "@/lib/db/schema";
import type { PostList } from "@/lib/validation/posts";
import { createUser, testDb } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

interface LikeState {
  postId: string;
  likes: number;
  hasLikedByUser: boolean;
}
interface BookmarkState {
  postId: string;
  hasBookmarkedByUser: boolean;
}

const like = async (userId: string, postId: string) =>
  api<Envelope<{ like: LikeState }>>("/api/v1/like/create", await asUser(userId, { json: { postId } }));
const unlike = async (userId: string, postId: string) =>
  api<Envelope<{ like: LikeState }>>(
    `/api/v1/like/delete?postId=${postId}`,
    await asUser(userId, { method: "DELETE" }),
  );
const bookmark = async (userId: string, postId: string) =>
  api<Envelope<{ bookmark: BookmarkState }>>(
    "/api/v1/bookmark/create",
    await asUser(userId, { json: { postId } }),
  );
const unbookmark = async (userId: string, postId: string) =>
  api<Envelope<{ bookmark: BookmarkState }>>(
    `/api/v1/bookmark/delete?postId=${postId}`,
    await asUser(userId, { method: "DELETE" }),
  );

async function likesCount(postId: string) {
  const [row] = await testDb().select({ likes: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  return row!.likes;
}

describe("POST /api/v1/like/create and DELETE /api/v1/like/delete", () => {
  it("likes and unlikes idempotently, the count following exactly", async () => {
    const post = await createListedPost();
    const user = await createUser();
    const first = await like(user.id, post.id);
    expect(first.status).toBe(200);
    expect(first.body.data.like).toEqual({ postId: post.id, likes: 1, hasLikedByUser: true });
    expect((await like(user.id, post.id)).body.data.like.likes).toBe(1);
    expect((await unlike(user.id, post.id)).body.data.like).toEqual({
      postId: post.id,
      likes: 0,
      hasLikedByUser: false,
    });
    expect((await unlike(user.id, post.id)).body.data.like.likes).toBe(0);
    expect(await likesCount(post.id)).toBe(0);
  });

  it("keeps the count exact under concurrent clicks", async () => {
    const post = await createListedPost();
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const clicker = users[0]!;
    // The same user clicking many times at once, and several users at once.
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => like(clicker.id, post.id)),
      ...users.slice(1).map((user) => like(user.id, post.id)),
    ]);
    expect(results.map((result) => result.status)).toEqual(results.map(() => 200));
    expect(await likesCount(post.id)).toBe(6);
    expect(await testDb().select().from(likes).where(eq(likes.postId, post.id))).toHaveLength(6);

    await Promise.all([...Array.from({ length: 5 }, () => unlike(clicker.id, post.id))]);
    expect(await likesCount(post.id)).toBe(5);
  });

  it("needs a session (401) and a post the user may see (404 for others' drafts)", async () => {
    const post = await createListedPost();
    const signedOut = await api("/api/v1/like/create", {
      method: "POST",
      headers: { "content-type": "application/json", origin: inject("baseUrl") },
      body: JSON.stringify({ postId: post.id }),
    });
    expect(signedOut.status).toBe(401);
    expect(await likesCount(post.id)).toBe(0);

    const owner = await createUser();
    const draft = await createListedPost({ userId: owner.id, visibility: "draft" });
    const stranger = await createUser();
    expect((await like(stranger.id, draft.id)).status).toBe(404);
    expect((await like(owner.id, draft.id)).status).toBe(200);
    const bad = await like(stranger.id, "not-an-id");
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: "postId", message: "Invalid id" });
  });
});

describe("bookmarks: create, delete, getBookmarkedPosts", () => {
  it("bookmarks idempotently and lists the user's bookmarks, newest bookmark first", async () => {
    const user = await createUser();
    const first = await createListedPost();
    const second = await createListedPost();
    expect((await bookmark(user.id, first.id)).body.data.bookmark).toEqual({
      postId: first.id,
      hasBookmarkedByUser: true,
    });
    await bookmark(user.id, first.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await bookmark(user.id, second.id);

    const listed = await api<Envelope<PostList>>(
      "/api/v1/bookmark/getBookmarkedPosts",
      await asUser(user.id),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.posts.map((post) => post._id)).toEqual([second.id, first.id]);
    expect(listed.body.data.posts.every((post) => post.hasBookmarkedByUser)).toBe(true);
    expect(listed.body.data.pagination.total).toBe(2);

    expect((await unbookmark(user.id, first.id)).body.data.bookmark.hasBookmarkedByUser).toBe(false);
    expect((await unbookmark(user.id, first.id)).status).toBe(200);
    const after = await api<Envelope<PostList>>("/api/v1/bookmark/getBookmarkedPosts", await asUser(user.id));
    expect(after.body.data.posts.map((post) => post._id)).toEqual([second.id]);

    const card = await api<Envelope<PostList>>(
      `/api/v1/post?searchQuery=${encodeURIComponent(second.title)}`,
      await asUser(user.id),
    );
    expect(card.body.data.posts.find((post) => post._id === second.id)?.hasBookmarkedByUser).toBe(true);
  });

  it("leaves out bookmarked posts that have since been hidden by their owner", async () => {
    const user = await createUser();
    const post = await createListedPost();
    await bookmark(user.id, post.id);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, post.id));
    const listed = await api<Envelope<PostList>>(
      "/api/v1/bookmark/getBookmarkedPosts",
      await asUser(user.id),
    );
    expect(listed.body.data.posts).toEqual([]);
  });

  it("needs a session", async () => {
    const post = await createListedPost();
    expect((await api("/api/v1/bookmark/getBookmarkedPosts")).status).toBe(401);
    const signedOut = await api(`/api/v1/bookmark/delete?postId=${post.id}`, {
      method: "DELETE",
      headers: { origin: inject("baseUrl") },
    });
    expect(signedOut.status).toBe(401);
  });
});
