import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FEED_APPLICATION_NAME } from "@/lib/change-feed/follow-change-feed";
import { posts } from "@/lib/db/schema";
import type { PostDetail, PostList } from "@/lib/validation/posts";
import { startApp, type RunningApp } from "../support/app-server";
import { createCategory, createUser, testDb, unique } from "../support/factories";
import {
  accessTokenFor,
  API_TEST_AUTH_SECRET,
  createComment,
  createProject,
} from "../support/factories-project";
import type { Envelope } from "../support/http";

/**
 * Two hosts as an operator runs them (docs/ARCHITECTURE.md "Several hosts"): two server
 * processes with their own DATA_DIR, one database, one AUTH_SECRET, the caches on as in
 * production. What host A hides, host B stops showing within 2 s (ADR 025).
 */
const HIDE_WITHIN_MS = 2_000;
const isEmbedded = process.env.TEST_DATABASE === "embedded";
let hostA: RunningApp;
let hostB: RunningApp;
const dataDirs: string[] = [];

async function startHost(): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "cnc-host-"));
  dataDirs.push(dataDir);
  return startApp({
    DATABASE_URL: inject("databaseUrl"),
    DATA_DIR: dataDir,
    MAIL_DRIVER: "outbox",
    STORAGE_DRIVER: "local",
    AUTH_SECRET: API_TEST_AUTH_SECRET,
    PUBLIC_CACHE_SECONDS: "5",
    POST_DETAIL_CACHE_SECONDS: "60",
  });
}

beforeAll(async () => {
  [hostA, hostB] = await Promise.all([startHost(), startHost()]);
});

afterAll(async () => {
  await Promise.all([hostA?.stop(), hostB?.stop()]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Letters only, so the search and the suggestions see one word. */
const word = () => `zq${unique().replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;

/** A listed project with a searchable title in a category of its own. */
async function listedProject(options: { visibility?: "public" | "private" } = {}) {
  const { post, owner } = await createProject({ visibility: options.visibility ?? "public" });
  const { id: categoryId, name: category } = await createCategory();
  const title = `Walnut ${word()}`;
  await testDb().update(posts).set({ title, categoryId }).where(eq(posts.id, post.id));
  return { postId: post.id, owner, title, category, searchWord: title.split(" ")[1]! };
}
type Listed = Awaited<ReturnType<typeof listedProject>>;

async function json<T>(url: string): Promise<{ status: number; data: T | null }> {
  const response = await fetch(url, { headers: { origin: new URL(url).origin } });
  const body = (await response.json()) as Envelope<T>;
  return { status: response.status, data: response.ok ? body.data : null };
}

/** Where a guest of `host` sees the project: its page, the detail API, a listing, search, suggestions. */
async function seenOn(host: RunningApp, project: Listed) {
  const base = host.baseUrl;
  const [page, detail, listing, search, suggestions] = await Promise.all([
    fetch(`${base}/model/${project.postId}`, { headers: { accept: "text/html" } }).then(async (response) => {
      await response.arrayBuffer();
      return response.status === 200;
    }),
    json<{ post: PostDetail }>(`${base}/api/v1/post/${project.postId}`).then(
      (answer) => answer.status === 200,
    ),
    json<PostList>(`${base}/api/v1/post?category=${encodeURIComponent(project.category)}`).then(
      (answer) => answer.data?.posts.some((post) => post._id === project.postId) ?? false,
    ),
    json<PostList>(`${base}/api/v1/post?searchQuery=${project.searchWord}`).then(
      (answer) => answer.data?.posts.some((post) => post._id === project.postId) ?? false,
    ),
    json<{ posts: { _id: string }[] }>(
      `${base}/api/v1/post/search/autoComplete?searchQuery=${project.searchWord}`,
    ).then((answer) => answer.data?.posts.some((post) => post._id === project.postId) ?? false),
  ]);
  return { page, detail, listing, search, suggestions };
}

const EVERYWHERE = { page: true, detail: true, listing: true, search: true, suggestions: true };
const NOWHERE = { page: false, detail: false, listing: false, search: false, suggestions: false };

/** Host B shows the project everywhere, twice, so every cache of B holds it. */
async function warmHostB(project: Listed): Promise<void> {
  await expect.poll(() => seenOn(hostB, project), { timeout: 5_000, interval: 100 }).toEqual(EVERYWHERE);
  expect(await seenOn(hostB, project)).toEqual(EVERYWHERE);
  // The page now comes from B's cache (Next's ISR copy or its replay), which must be dropped.
  const page = await fetch(`${hostB.baseUrl}/model/${project.postId}`, { headers: { accept: "text/html" } });
  await page.arrayBuffer();
  expect(page.headers.get("x-nextjs-cache") === "HIT" || page.headers.get("x-cnc-page-replay") === "1").toBe(
    true,
  );
}

/** Host B hides it everywhere within HIDE_WITHIN_MS of `since` (when host A answered the change). */
async function expectGoneFromHostB(project: Listed, since: number): Promise<void> {
  let seen = await seenOn(hostB, project);
  while (JSON.stringify(seen) !== JSON.stringify(NOWHERE) && Date.now() - since < HIDE_WITHIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await seenOn(hostB, project);
  }
  expect(seen).toEqual(NOWHERE);
  expect(Date.now() - since).toBeLessThan(HIDE_WITHIN_MS + 500);
}

async function callHostA(userId: string, pathAndQuery: string, init: { method: string; json?: unknown }) {
  const headers: Record<string, string> = {
    origin: hostA.baseUrl,
    cookie: `access_token=${await accessTokenFor(userId)}`,
  };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${hostA.baseUrl}${pathAndQuery}`, {
    method: init.method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  await response.arrayBuffer();
  return { status: response.status, answeredAt: Date.now() };
}

describe("two hosts on one database", () => {
  it("hides a deleted project on the other host within 2 s", async () => {
    const project = await listedProject();
    await warmHostB(project);
    const deleted = await callHostA(project.owner.id, `/api/v1/post/delete/${project.postId}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    await expectGoneFromHostB(project, deleted.answeredAt);
  });

  it("hides a project its author's edit took back to draft within 2 s", async () => {
    const project = await listedProject();
    await warmHostB(project);
    const edited = await callHostA(project.owner.id, `/api/v1/post/updatePost/${project.postId}`, {
      method: "PATCH",
      json: { title: `${project.title} again` },
    });
    expect(edited.status).toBe(200);
    await expectGoneFromHostB(project, edited.answeredAt);
  });

  it("shows an approved project on the other host, and hides what a reviewer rejects", async () => {
    const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com`, isVerified: true });
    const pending = await listedProject({ visibility: "private" });
    expect((await seenOn(hostB, pending)).page).toBe(false);
    const approved = await callHostA(staff.id, `/api/v1/review/approve/${pending.postId}`, {
      method: "POST",
    });
    expect(approved.status).toBe(200);
    await expect
      .poll(() => seenOn(hostB, pending), { timeout: HIDE_WITHIN_MS, interval: 50 })
      .toEqual(EVERYWHERE);

    // A rejection applies to a post pending review, which no cache shows: taken back to pending
    // behind the app's back (a write the feed catches too), then rejected through host A.
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, pending.postId));
    const hiddenAt = Date.now();
    await expectGoneFromHostB(pending, hiddenAt);
    const rejected = await callHostA(staff.id, `/api/v1/review/reject/${pending.postId}`, {
      method: "POST",
      json: { reason: "Please add photos of the finished piece." },
    });
    expect(rejected.status).toBe(200);
    expect(await seenOn(hostB, pending)).toEqual(NOWHERE);
  });

  it("drops a deleted comment from the other host's page and detail within 2 s", async () => {
    const project = await listedProject();
    const commenter = await createUser();
    const comment = await createComment(project.postId, commenter.id, "Soon gone");
    const commentsOnB = async () => {
      const detail = await json<{ post: PostDetail }>(`${hostB.baseUrl}/api/v1/post/${project.postId}`);
      const page = await fetch(`${hostB.baseUrl}/model/${project.postId}`, {
        headers: { accept: "text/html" },
      });
      return { detail: detail.data?.post.comments, page: commentCount(await page.text()) };
    };
    await expect.poll(commentsOnB, { timeout: 5_000, interval: 100 }).toEqual({ detail: 1, page: 1 });
    const removed = await callHostA(
      commenter.id,
      `/api/v1/comment/delete?postId=${project.postId}&commentId=${comment.id}`,
      { method: "DELETE" },
    );
    expect(removed.status).toBe(200);
    await expect.poll(commentsOnB, { timeout: HIDE_WITHIN_MS, interval: 50 }).toEqual({ detail: 0, page: 0 });
  });

  it("applies a privacy switch turned off on the other host within 2 s", async () => {
    const author = await createUser();
    const firstnameOnB = async () =>
      (
        await json<{ user: { firstname: string | null } }>(
          `${hostB.baseUrl}/api/v1/auth/getByUsername/${author.username}`,
        )
      ).data?.user.firstname;
    expect(await firstnameOnB()).toBe(author.firstname);
    const form = new FormData();
    form.append("firstname", author.firstname);
    form.append("lastname", author.lastname);
    form.append("privacy.firstname", "false");
    const response = await fetch(`${hostA.baseUrl}/api/v1/auth/updateUser`, {
      method: "POST",
      headers: { origin: hostA.baseUrl, cookie: `access_token=${await accessTokenFor(author.id)}` },
      body: form,
    });
    expect(response.status).toBe(200);
    await expect.poll(firstnameOnB, { timeout: HIDE_WITHIN_MS, interval: 50 }).toBeNull();
  });

  // pglite-socket serves every connection from one session: there is no backend to end.
  it.skipIf(isEmbedded)(
    "serves nothing stale while its feed connection is down, and is current again within 2 s of reconnecting",
    async () => {
      const feedOfHostB = `${FEED_APPLICATION_NAME} ${new URL(hostB.baseUrl).port}`;
      const backendsOfHostB = async () =>
        (
          await testDb().execute<{ pid: number }>(
            sql`select pid from pg_stat_activity where application_name = ${feedOfHostB}`,
          )
        ).rows.map((row) => row.pid);
      const [before] = await backendsOfHostB();
      expect(before).toBeDefined();

      const project = await listedProject();
      await warmHostB(project);
      // Traffic on host B throughout: every answer is kept with when it was asked.
      const answers: { askedAt: number; seen: Awaited<ReturnType<typeof seenOn>> }[] = [];
      let isRunning = true;
      const traffic = (async () => {
        while (isRunning) {
          const askedAt = Date.now();
          answers.push({ askedAt, seen: await seenOn(hostB, project) });
        }
      })();

      await testDb().execute(sql`select pg_terminate_backend(${before!})`);
      // Hidden through host A while host B's feed is down or reconnecting.
      const deleted = await callHostA(project.owner.id, `/api/v1/post/delete/${project.postId}`, {
        method: "DELETE",
      });
      expect(deleted.status).toBe(200);
      await expect.poll(backendsOfHostB, { timeout: 5_000, interval: 50 }).toHaveLength(1);
      const reconnectedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, HIDE_WITHIN_MS));
      isRunning = false;
      await traffic;
      expect((await backendsOfHostB())[0]).not.toBe(before);
      // No answer asked more than 2 s after the delete showed the project anywhere.
      const stale = answers.filter(
        (answer) =>
          answer.askedAt > deleted.answeredAt + HIDE_WITHIN_MS &&
          JSON.stringify(answer.seen) !== JSON.stringify(NOWHERE),
      );
      expect(stale).toEqual([]);
      expect(answers.at(-1)?.seen).toEqual(NOWHERE);

      // Current again: the next change through host A reaches B's warmed caches within 2 s.
      const next = await listedProject();
      await warmHostB(next);
      expect(Date.now() - reconnectedAt).toBeGreaterThan(0);
      const edited = await callHostA(next.owner.id, `/api/v1/post/updatePost/${next.postId}`, {
        method: "PATCH",
        json: { title: `${next.title} again` },
      });
      expect(edited.status).toBe(200);
      await expectGoneFromHostB(next, edited.answeredAt);
    },
  );
});

/** The comment count in a project page's JSON-LD. */
function commentCount(html: string): number | null {
  const match = /"interactionType":"https:\/\/schema.org\/CommentAction","userInteractionCount":(\d+)/.exec(
    html,
  );
  return match ? Number(match[1]) : null;
}
