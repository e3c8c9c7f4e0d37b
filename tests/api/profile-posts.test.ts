import { describe, expect, it } from "vitest";
import { downloadLogs } from "@/lib/db/schema";
import type { DownloadLog } from "@/lib/validation/download-logs";
import type { PostList } from "@/lib/validation/posts";
import { createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

/** An author with one post of each visibility, newest first in this order. */
async function authorWithEveryVisibility() {
  const owner = await createUser();
  const made: Record<string, string> = {};
  const visibilities = ["public", "draft", "private", "unlisted"] as const;
  for (const [index, visibility] of visibilities.entries()) {
    const post = await createListedPost({
      userId: owner.id,
      visibility,
      createdAt: new Date(Date.now() - index * 1000),
    });
    made[visibility] = post.id;
  }
  return { owner, made };
}

async function profileIds(username: string, query: string, init?: RequestInit) {
  const { status, body } = await api<Envelope<PostList>>(
    `/api/v1/post/getPostsByUsername/${username}${query}`,
    init,
  );
  expect(status).toBe(200);
  return body.data.posts.map((post) => post._id);
}

describe("GET /api/v1/post/getPostsByUsername/{username}?postType=", () => {
  it("gives the owner every post ('My Posts') or one tab's: draft, published (public), private (pending)", async () => {
    const { owner, made } = await authorWithEveryVisibility();
    const asOwner = await asUser(owner.id);
    expect(await profileIds(owner.username, "", asOwner)).toEqual([
      made.public,
      made.draft,
      made.private,
      made.unlisted,
    ]);
    expect(await profileIds(owner.username, "?postType=draft", asOwner)).toEqual([made.draft]);
    expect(await profileIds(owner.username, "?postType=published", asOwner)).toEqual([made.public]);
    expect(await profileIds(owner.username, "?postType=private", asOwner)).toEqual([made.private]);
    // An empty postType is 'My Posts'.
    expect(await profileIds(owner.username, "?postType=", asOwner)).toHaveLength(4);
  });

  it("ignores postType for everybody else, staff included: public posts only", async () => {
    const { owner, made } = await authorWithEveryVisibility();
    const other = await createUser();
    const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });
    for (const query of ["", "?postType=draft", "?postType=private", "?postType=published"]) {
      expect(await profileIds(owner.username, query)).toEqual([made.public]);
      expect(await profileIds(owner.username, query, await asUser(other.id))).toEqual([made.public]);
      expect(await profileIds(owner.username, query, await asUser(staff.id))).toEqual([made.public]);
    }
  });

  it("pages with page and limit and counts only what the caller may see", async () => {
    const { owner } = await authorWithEveryVisibility();
    const { body } = await api<Envelope<PostList>>(
      `/api/v1/post/getPostsByUsername/${owner.username}?page=2&limit=3`,
      await asUser(owner.id),
    );
    expect(body.data.posts).toHaveLength(1);
    expect(body.data.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    const visitor = await api<Envelope<PostList>>(`/api/v1/post/getPostsByUsername/${owner.username}`);
    expect(visitor.body.data.pagination.total).toBe(1);
  });

  it("answers 400 for an unknown postType and 404 for an unknown user", async () => {
    const { owner } = await authorWithEveryVisibility();
    const bad = await api<Envelope<unknown>>(
      `/api/v1/post/getPostsByUsername/${owner.username}?postType=archived`,
      await asUser(owner.id),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: "postType", message: "postType must be one of: draft, published, private" },
    ]);
    expect((await api(`/api/v1/post/getPostsByUsername/nobody${unique()}`)).status).toBe(404);
  });
});

describe("GET /api/v1/downloadLog", () => {
  it("answers 401 signed out and an empty first page of 10 for a user who never downloaded", async () => {
    expect((await api("/api/v1/downloadLog")).status).toBe(401);
    const user = await createUser();
    const { status, body } = await api<Envelope<{ downloadLogs: unknown[]; pagination: unknown }>>(
      "/api/v1/downloadLog",
      await asUser(user.id),
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({
      downloadLogs: [],
      pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
    });
  });

  it("pages the caller's own downloads 10 at a time, newest first", async () => {
    const user = await createUser();
    const other = await createUser();
    const types = ["model", "file", "image", "document"] as const;
    await testDb()
      .insert(downloadLogs)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          userId: user.id,
          fileName: `file-${index}.nc`,
          title: `Project ${index}`,
          resourceType: types[index % 4]!,
          createdAt: new Date(Date.now() - (12 - index) * 60_000),
        })),
      );
    await testDb()
      .insert(downloadLogs)
      .values({ userId: other.id, fileName: "theirs.nc", title: "Theirs", resourceType: "model" });
    type Page = { downloadLogs: DownloadLog[]; pagination: { totalPages: number; total: number } };
    const first = await api<Envelope<Page>>("/api/v1/downloadLog", await asUser(user.id));
    expect(first.body.data.downloadLogs.map((log) => log.fileName)).toEqual(
      Array.from({ length: 10 }, (_, index) => `file-${11 - index}.nc`),
    );
    expect(first.body.data.downloadLogs[0]).toMatchObject({ title: "Project 11", resourceType: "document" });
    expect(first.body.data.pagination).toMatchObject({ total: 12, totalPages: 2 });
    const second = await api<Envelope<Page>>("/api/v1/downloadLog?page=2&limit=10", await asUser(user.id));
    expect(second.body.data.downloadLogs.map((log) => log.fileName)).toEqual(["file-1.nc", "file-0.nc"]);
  });
});
