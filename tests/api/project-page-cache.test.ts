import { randomUUID } from "node:crypto";
import { get } from "node:http";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { PostViewerState } from "@/lib/validation/posts";
import { eq } from "drizzle-orm";
import { posts } from "@/lib/db/schema";
import { createUser, testDb, unique } from "../support/factories";
import {
  accessTokenFor,
  API_TEST_AUTH_SECRET,
  asUser,
  commentThroughApi,
  createComment,
  createProject as createProjectRows,
} from "../support/factories-project";
import { RENDER_RACE_MS } from "@/lib/change-feed/fan-out";
import { startApp, type RunningApp } from "../support/app-server";
import { api, type Envelope } from "../support/http";

/**
 * A project written straight into the database, once the change feed is done with it: the feed
 * drops its page when told of the rows, and again RENDER_RACE_MS later (ADR 025), so a page
 * rendered in between would be rendered twice and a test expecting a cache hit would see a miss.
 */
async function createProject(...options: Parameters<typeof createProjectRows>) {
  const created = await createProjectRows(...options);
  await new Promise((resolve) => setTimeout(resolve, RENDER_RACE_MS + 200));
  return created;
}

/**
 * The cached guest project page (ADR 017): a signed-out visit of /model/{id} is served from the
 * ISR cache until a write changes what the page shows; a missing or hidden post is a real 404;
 * what depends on the viewer comes from GET /api/v1/post/viewerState/{postId}.
 */

interface PageAnswer {
  status: number;
  /** Next's own mark: HIT when the ISR cache answered, MISS when the page was rendered for it. */
  cache: string | null;
  /** The page, its CSP nonce (fresh in every answer, ADR 014) written as NONCE. */
  html: string;
}

async function pageText(response: Response): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const html = await response.text();
  return nonce ? html.replaceAll(nonce, "NONCE") : html;
}

async function guestPage(postId: string): Promise<PageAnswer> {
  const response = await fetch(`${inject("baseUrl")}/model/${postId}`, { redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-nextjs-cache"),
    html: await pageText(response),
  };
}

/** A member's page load; `rsc` makes it a client-side navigation, `cookie` adds to the session's. */
async function memberPage(
  postId: string,
  userId: string,
  options: { rsc?: string; cookie?: string } = {},
): Promise<PageAnswer & { setCookie: string | null }> {
  const cookie = [`access_token=${await accessTokenFor(userId)}`, options.cookie].filter(Boolean).join("; ");
  const init: RequestInit = {
    // A browser's page load asks for HTML; the router's fetch (an RSC request) accepts anything.
    headers: { cookie, ...(options.rsc ? { rsc: options.rsc } : { accept: "text/html" }) },
    redirect: "manual",
  };
  let response = await fetch(`${inject("baseUrl")}/model/${postId}`, init);
  // Next sends an RSC request without its cache-busting `_rsc` parameter to the address with it.
  const withParameter = response.headers.get("location");
  if (options.rsc && response.status === 307 && withParameter?.includes("_rsc")) {
    response = await fetch(new URL(withParameter, inject("baseUrl")), init);
  }
  return {
    status: response.status,
    cache: response.headers.get("x-nextjs-cache"),
    setCookie: response.headers.get("set-cookie"),
    html: await pageText(response),
  };
}

/** An access token of an account that must finish its sign-up (a new Google account). */
function unfinishedSignupToken(userId: string): Promise<string> {
  return new SignJWT({ sid: randomUUID(), suc: false })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer("cnc-projects")
    .setExpirationTime("15m")
    .sign(new TextEncoder().encode(API_TEST_AUTH_SECRET));
}

/** The like count the page's JSON-LD states. */
function likesInPage(html: string): number | null {
  const match = /"interactionType":"https:\/\/schema.org\/LikeAction","userInteractionCount":(\d+)/.exec(
    html,
  );
  return match ? Number(match[1]) : null;
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await probe();
  }
  return value;
}

const NOT_FOUND_TEXT = "Oops! Page not found";

describe("the cached guest project page", () => {
  it("renders once, then serves the stored page with its metadata and JSON-LD", async () => {
    const { post } = await createProject();
    const first = await guestPage(post.id);
    expect(first.status).toBe(200);
    expect(first.html).toContain(post.title);
    expect(first.html).toContain("application/ld+json");
    expect(first.html).toContain(`property="og:title" content="${post.title}"`);
    const second = await guestPage(post.id);
    expect(second.status).toBe(200);
    expect(second.cache).toBe("HIT");
    expect(second.html).toContain(post.title);
  });

  it("answers a real 404 with the spec's view for an unknown, a draft and a pending post", async () => {
    const { post: draft } = await createProject({ visibility: "draft" });
    const { post: pending } = await createProject({ visibility: "private" });
    for (const id of ["00000000-0000-4000-8000-000000000000", draft.id, pending.id]) {
      const page = await guestPage(id);
      expect(page.status, id).toBe(404);
      expect(page.html).toContain(NOT_FOUND_TEXT);
    }
    // A member's page load gets the same cached 404 (ADR 019), whose fallback asks the API as the
    // member: the owner's GET of their pending post answers it. A client-side navigation (an RSC
    // request) is rendered per request, as the member.
    const page = await memberPage(pending.id, pending.userId);
    expect(page.status).toBe(404);
    // The 404 is rendered in the browser from the page's RSC payload, which names the fallback.
    expect(page.html).toContain("MemberProjectFallback");
    const asOwner = await api<Envelope<{ post: { title: string } }>>(
      `/api/v1/post/${pending.id}`,
      await asUser(pending.userId),
    );
    expect(asOwner.body.data.post.title).toBe(pending.title);
    const navigation = await memberPage(pending.id, pending.userId, { rsc: "1" });
    expect(navigation.status).toBe(200);
    expect(navigation.html).toContain(pending.title);
  });

  it("serves members the same cached page, and keeps the member hint in step with the session", async () => {
    const { post } = await createProject();
    const member = await createUser();
    const visitor = await guestPage(post.id);
    const loaded = await memberPage(post.id, member.id);
    expect(loaded.status).toBe(200);
    expect(loaded.cache).toBe("HIT");
    expect(loaded.html).toBe(visitor.html);
    expect(loaded.html).not.toContain(member.username);
    expect(loaded.setCookie).toMatch(/^signed_in=1; Path=\/; .*SameSite=lax/i);
    expect(loaded.setCookie).not.toMatch(/HttpOnly/i);
    // Held already: not set again. Gone with the session: removed.
    expect((await memberPage(post.id, member.id, { cookie: "signed_in=1" })).setCookie).toBeNull();
    const signedOut = await fetch(`${inject("baseUrl")}/model/${post.id}`, {
      headers: { cookie: "signed_in=1" },
    });
    expect(signedOut.headers.get("set-cookie")).toMatch(/^signed_in=; Path=\/; Expires=Thu, 01 Jan 1970/);

    // A member's client-side navigation is rendered per request, as before.
    const navigation = await memberPage(post.id, member.id, { rsc: "1" });
    expect(navigation.status).toBe(200);
    expect(navigation.cache).toBeNull();
    expect(navigation.html).toContain(member.username);

    // An account that must finish its sign-up still goes there first.
    const token = await unfinishedSignupToken((await createUser()).id);
    const redirected = await fetch(`${inject("baseUrl")}/model/${post.id}`, {
      headers: { cookie: `access_token=${token}` },
      redirect: "manual",
    });
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get("location")).toMatch(/\/signup$/);
  });

  it("drops the page as soon as the post changes: an edit is a 404 until approved, then the new page", async () => {
    const { post, owner } = await createProject();
    expect((await guestPage(post.id)).status).toBe(200);
    expect((await guestPage(post.id)).cache).toBe("HIT");

    // Editing a published post makes it a draft again (ADR 016): hidden from visitors at once.
    const title = `Renamed ${post.id.slice(0, 8)}`;
    const saved = await api(
      `/api/v1/post/updatePost/${post.id}`,
      await asUser(owner.id, { method: "PATCH", json: { title } }),
    );
    expect(saved.status).toBe(200);
    const pending = await guestPage(post.id);
    expect(pending.status).toBe(404);
    expect(pending.html).toContain(NOT_FOUND_TEXT);

    // Pending review (the test's project lacks what a submit checks, so set behind the app's
    // back: still a 404), then approved: the approval drops the cached 404.
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, post.id));
    expect((await guestPage(post.id)).status).toBe(404);
    // Staff: a verified user under STAFF_EMAIL_DOMAIN (onefinitycnc.com by default).
    const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com`, isVerified: true });
    const approved = await api(
      `/api/v1/review/approve/${post.id}`,
      await asUser(staff.id, { method: "POST" }),
    );
    expect(approved.status).toBe(200);
    const after = await guestPage(post.id);
    expect(after.status).toBe(200);
    expect(after.cache).not.toBe("HIT");
    expect(after.html).toContain(title);
  });

  it("shows a new comment count at once and a like within the counters' lag", async () => {
    const { post } = await createProject();
    const fan = await createUser();
    expect(likesInPage((await guestPage(post.id)).html)).toBe(0);

    const liked = await api("/api/v1/like/create", await asUser(fan.id, { json: { postId: post.id } }));
    expect(liked.status).toBe(200);
    const page = await waitFor(
      () => guestPage(post.id),
      (answer) => likesInPage(answer.html) === 1,
      10_000,
    );
    expect(likesInPage(page.html)).toBe(1);

    // A comment written behind the app's back reaches the page through the change feed; one
    // through the API is on it before the API answers.
    await createComment(post.id, fan.id, "Behind the app");
    const seen = await waitFor(
      () => guestPage(post.id),
      (answer) => commentsInPage(answer.html) === 1,
      2_000,
    );
    expect(commentsInPage(seen.html)).toBe(1);
    const commented = await commentThroughApi(inject("baseUrl"), fan.id, post.id, "Lovely");
    expect(commented.status).toBe(201);
    expect(commentsInPage((await guestPage(post.id)).html)).toBe(2);
  });

  it("is the same HTML for everyone: the viewer's like comes from viewerState", async () => {
    const { post } = await createProject();
    const fan = await createUser();
    await api("/api/v1/like/create", await asUser(fan.id, { json: { postId: post.id } }));

    const state = await api<Envelope<{ viewerState: PostViewerState }>>(
      `/api/v1/post/viewerState/${post.id}`,
      await asUser(fan.id),
    );
    expect(state.status).toBe(200);
    expect(state.body.data.viewerState).toEqual({
      postId: post.id,
      likes: 1,
      hasLikedByUser: true,
      hasBookmarkedByUser: false,
      isOwner: false,
      viewerMachines: [],
    });
    const signedOut = await api(`/api/v1/post/viewerState/${post.id}`);
    expect(signedOut.status).toBe(401);
    const { post: pending } = await createProject({ visibility: "private" });
    const hidden = await api(`/api/v1/post/viewerState/${pending.id}`, await asUser(fan.id));
    expect(hidden.status).toBe(404);
  });

  it("keeps its internal address private", async () => {
    const { post } = await createProject();
    const response = await fetch(`${inject("baseUrl")}/guest-model/${post.id}`, { redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(new URL(response.headers.get("location") ?? "", inject("baseUrl")).pathname).toBe(
      `/model/${post.id}`,
    );
  });
});

/**
 * A visit with these request headers: the status, whether it was replayed (ADR 022), the page, and
 * the page with its CSP nonce (fresh in every answer, ADR 014) written as NONCE, to compare pages.
 */
async function visitWith(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${inject("baseUrl")}${path}`, { headers, redirect: "manual" });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const html = await response.text();
  return {
    status: response.status,
    replayed: response.headers.get("x-cnc-page-replay") === "1",
    cache: response.headers.get("x-nextjs-cache"),
    encoding: response.headers.get("content-encoding"),
    html,
    nonce,
    page: nonce ? html.replaceAll(nonce, "NONCE") : html,
  };
}

/**
 * Visits until an answer is replayed (the first is rendered, the second is Next's ISR hit, which is
 * kept; a copy is replayed for REPLAY_MS, so a stalled test machine may need one more round).
 */
async function untilReplayed(path: string, headers: Record<string, string> = {}) {
  let answer = await visitWith(path, headers);
  for (let visit = 0; visit < 5 && !answer.replayed; visit += 1) answer = await visitWith(path, headers);
  return answer;
}

describe("cached guest pages replayed by the server process (ADR 022)", () => {
  it("replays Next's cached answer to cookie-free visitors until the post changes", async () => {
    const { post } = await createProject();
    const fan = await createUser();
    const path = `/model/${post.id}`;
    const identity = { "accept-encoding": "identity" };
    expect((await visitWith(path, identity)).replayed).toBe(false); // rendered
    const fromIsr = await visitWith(path, identity); // Next's ISR hit, kept
    expect(fromIsr).toMatchObject({ status: 200, cache: "HIT", replayed: false });
    const replayed = await untilReplayed(path, identity);
    expect(replayed).toMatchObject({ status: 200, cache: "HIT", replayed: true });
    // The same bytes but for a nonce of its own.
    expect(replayed.page).toBe(fromIsr.page);
    expect(replayed.nonce).not.toBe(fromIsr.nonce);

    // Each encoding has its own copy: a compressed one is replayed compressed, the same page.
    const gzip = { "accept-encoding": "gzip" };
    expect((await visitWith(path, gzip)).replayed).toBe(false);
    const gzipReplayed = await untilReplayed(path, gzip);
    expect(gzipReplayed).toMatchObject({ replayed: true, encoding: "gzip" });
    expect(gzipReplayed.page).toBe(fromIsr.page);

    // A write through the app drops the replayed copy with Next's: the next visit is rendered.
    const commented = await commentThroughApi(inject("baseUrl"), fan.id, post.id, "Replayed?");
    expect(commented.status).toBe(201);
    const after = await visitWith(path, identity);
    expect(after).toMatchObject({ status: 200, replayed: false });
    expect(after.cache).not.toBe("HIT");
    expect(commentsInPage(after.html)).toBe(1);
  });

  it("replays a cached 404 too, and the home page", async () => {
    const unknown = `/model/${randomUUID()}`;
    const missing = await untilReplayed(unknown);
    expect(missing).toMatchObject({ status: 404, replayed: true });
    expect(missing.html).toContain(NOT_FOUND_TEXT);

    const home = await untilReplayed("/");
    expect(home).toMatchObject({ status: 200, replayed: true });
    expect(home.html).toContain("</html>");
  });

  it("replays to members' page loads that the proxy leaves alone, and only to those", async () => {
    const { post } = await createProject();
    const member = await createUser();
    const path = `/model/${post.id}`;
    const session = `access_token=${await accessTokenFor(member.id)}`;
    const pageLoad = { accept: "text/html", cookie: `${session}; signed_in=1` };
    const guest = await untilReplayed(path);
    const loaded = await untilReplayed(path, pageLoad);
    expect(loaded).toMatchObject({ status: 200, replayed: true });
    expect(loaded.page).toBe(guest.page);
    // A guest with some other cookie gets the same page.
    expect((await untilReplayed(path, { cookie: "theme=dark" })).replayed).toBe(true);

    // Where the proxy sets or removes the member hint, redirects, or renders per request: Next.
    const unfinished = await unfinishedSignupToken(member.id);
    const notReplayed: Array<[Record<string, string>, number]> = [
      [{ accept: "text/html", cookie: session }, 200], // the hint is set
      [{ accept: "text/html", cookie: `access_token=${unfinished}; signed_in=1` }, 307], // to /signup
      [{ accept: "text/html", cookie: `${session}; signed_in=1; signed_in=1` }, 200], // ambiguous
      [{ accept: "*/*", cookie: `${session}; signed_in=1` }, 200], // the client router's fetch
    ];
    for (const [headers, status] of notReplayed) {
      for (let visit = 0; visit < 3; visit += 1) {
        const answer = await visitWith(path, headers);
        expect(answer.replayed, headers.cookie).toBe(false);
        expect(answer.status, headers.cookie).toBe(status);
      }
    }
    for (let visit = 0; visit < 3; visit += 1)
      expect((await visitWith("/", pageLoad)).replayed, "a member's home page").toBe(false);
  });

  it("never replays to a request with a router header, a query or a condition", async () => {
    const { post } = await createProject();
    const path = `/model/${post.id}`;
    expect((await untilReplayed(path)).replayed).toBe(true);
    const personal: Record<string, string>[] = [
      { cookie: "signed_in=1" },
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "if-none-match": '"x"' },
      { range: "bytes=0-10" },
    ];
    for (const headers of personal) {
      const answer = await visitWith(path, headers);
      expect(answer.replayed, JSON.stringify(headers)).toBe(false);
    }
    expect((await visitWith(`${path}?tab=makes`)).replayed).toBe(false);
    const head = await fetch(`${inject("baseUrl")}${path}`, { method: "HEAD" });
    expect(head.headers.get("x-cnc-page-replay")).toBeNull();
  });
});

/** The comment count the page's JSON-LD states. */
function commentsInPage(html: string): number | null {
  const match = /"interactionType":"https:\/\/schema.org\/CommentAction","userInteractionCount":(\d+)/.exec(
    html,
  );
  return match ? Number(match[1]) : null;
}

describe("the cached guest project page with two server processes", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(
      {
        DATABASE_URL: inject("databaseUrl"),
        DATA_DIR: inject("dataDir"),
        MAIL_DRIVER: "outbox",
        STORAGE_DRIVER: "local",
        AUTH_SECRET: "api-test-secret-api-test-secret-0123456789",
      },
      { workers: 2 },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A new connection per visit, so node:cluster hands visits to both processes in turn. */
  const visit = (postId: string) =>
    new Promise<number | null>((resolve, reject) => {
      const request = get(`${app.baseUrl}/model/${postId}`, { agent: false }, (response) => {
        let html = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (html += chunk));
        response.on("end", () =>
          response.statusCode === 200
            ? resolve(commentsInPage(html))
            : reject(new Error(`status ${response.statusCode}`)),
        );
      });
      request.on("error", reject);
    });

  it("drops the page in the sibling that did not take the write", async () => {
    const { post } = await createProject();
    const fan = await createUser();
    // Connections are spread over both processes: each renders and stores its own copy.
    for (let i = 0; i < 8; i += 1) expect(await visit(post.id)).toBe(0);

    const commented = await commentThroughApi(app.baseUrl, fan.id, post.id, "Both");
    expect(commented.status).toBe(201);
    // The change feed reaches the sibling within 2 s (a notice on PostgreSQL, the 500 ms poll on
    // the embedded database); no copy is older then.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (let i = 0; i < 8; i += 1) expect(await visit(post.id)).toBe(1);
  });
});
