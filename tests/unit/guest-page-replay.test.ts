import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { latestPostChangeAt, recordPostChanges, setChangeFeedLiveUntil } from "@/lib/change-feed/changes";
import { guestPageKey, REPLAY_HEADER, REPLAY_MS, serveGuestPage } from "@/lib/guest-pages/replay";

/** A request as the server process sees it: only the method, the address and the headers matter. */
function request(url: string, headers: Record<string, string> = {}, method = "GET"): IncomingMessage {
  return { method, url, headers } as unknown as IncomingMessage;
}

/** An unsigned token with these claims: the replay reads the claim, the proxy checks the signature. */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part(claims)}.signature`;
}

const PAGE = `/model/${randomUUID()}`;
const MEMBER = { accept: "text/html", cookie: `access_token=${token({ sub: "u" })}; signed_in=1` };

describe("which requests may get a replayed page (guestPageKey)", () => {
  it("takes the cached pages that the proxy leaves as they are", () => {
    expect(guestPageKey(request("/"))).not.toBeNull();
    expect(guestPageKey(request(PAGE, { accept: "*/*" }))).not.toBeNull();
    expect(guestPageKey(request(PAGE, { cookie: "theme=dark" }))).not.toBeNull();
    expect(guestPageKey(request(PAGE, MEMBER))).not.toBeNull();
    expect(guestPageKey(request(PAGE, { ...MEMBER, cookie: "refresh_token=r; signed_in=1" }))).not.toBeNull();
    // One copy per encoding, shared by visitors and members.
    expect(guestPageKey(request(PAGE, { "accept-encoding": "gzip" }))).toBe(
      guestPageKey(request(PAGE, { ...MEMBER, "accept-encoding": "gzip" })),
    );
    expect(guestPageKey(request(PAGE, { "accept-encoding": "gzip" }))).not.toBe(guestPageKey(request(PAGE)));
  });

  it("leaves everything else to Next", () => {
    const cases: Array<[string, IncomingMessage]> = [
      ["HEAD", request(PAGE, {}, "HEAD")],
      ["POST", request(PAGE, {}, "POST")],
      ["a query", request(`${PAGE}?tab=makes`)],
      ["another page", request("/profile/someone")],
      ["an upper-case id", request(PAGE.toUpperCase().replace("/MODEL/", "/model/"))],
      ["a client navigation", request(PAGE, { ...MEMBER, rsc: "1" })],
      ["a router prefetch", request(PAGE, { "next-router-prefetch": "1" })],
      ["a condition", request(PAGE, { "if-none-match": '"x"' })],
      ["a range", request(PAGE, { range: "bytes=0-9" })],
      ["credentials in a header", request(PAGE, { authorization: "Bearer x" })],
      ["a member's home page", request("/", MEMBER)],
      ["a member's fetch that does not ask for HTML", request(PAGE, { ...MEMBER, accept: "*/*" })],
      [
        "a member without the hint (the proxy sets it)",
        request(PAGE, { ...MEMBER, cookie: MEMBER.cookie.split(";")[0]! }),
      ],
      ["the hint without a session (the proxy removes it)", request(PAGE, { cookie: "signed_in=1" })],
      [
        "an unfinished sign-up (the proxy redirects)",
        request(PAGE, { ...MEMBER, cookie: `access_token=${token({ suc: false })}; signed_in=1` }),
      ],
      [
        "a token that cannot be read",
        request(PAGE, { ...MEMBER, cookie: "access_token=garbage; signed_in=1" }),
      ],
      ["a cookie given twice", request(PAGE, { ...MEMBER, cookie: `${MEMBER.cookie}; signed_in=1` })],
    ];
    for (const [what, incoming] of cases) expect(guestPageKey(incoming), what).toBeNull();
  });
});

describe("replaying Next's cached answer (serveGuestPage)", () => {
  let server: Server;
  let base = "";
  /** What the stand-in for Next answers next, and how often it was asked. */
  let nextAnswer = { status: 200, cache: "HIT", setCookie: false };
  let nextCalls = 0;

  beforeAll(async () => {
    server = createServer((incoming, response) => {
      const key = guestPageKey(incoming);
      const next = () => {
        nextCalls += 1;
        response.statusCode = nextAnswer.status;
        response.setHeader("content-type", "text/html; charset=utf-8");
        response.setHeader("x-nextjs-cache", nextAnswer.cache);
        if (nextAnswer.setCookie) response.setHeader("set-cookie", "signed_in=1; Path=/");
        // Written in two pieces, as a streamed page is.
        response.write(`<html>${nextCalls}`);
        response.end("</html>");
      };
      if (key) serveGuestPage(key, incoming, response, next);
      else next();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // The change feed is live unless a test says otherwise.
  beforeEach(() => setChangeFeedLiveUntil(Number.MAX_SAFE_INTEGER));
  afterEach(() => {
    vi.useRealTimers();
    nextAnswer = { status: 200, cache: "HIT", setCookie: false };
  });

  async function visit(path: string) {
    const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity" } });
    return {
      replayed: response.headers.get(REPLAY_HEADER) === "1",
      body: await response.text(),
      status: response.status,
    };
  }

  it("replays Next's cached answer byte for byte, for REPLAY_MS at most", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const path = `/model/${randomUUID()}`;
    const kept = await visit(path);
    expect(kept.replayed).toBe(false);
    const calls = nextCalls;
    const replayed = await visit(path);
    expect(replayed).toEqual({ replayed: true, body: kept.body, status: 200 });
    expect(nextCalls).toBe(calls);

    vi.setSystemTime(Date.now() + REPLAY_MS);
    expect((await visit(path)).replayed).toBe(false);
    expect(nextCalls).toBe(calls + 1);
  });

  it("stops replaying a project page once the change feed tells of its post's change", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const postId = randomUUID();
    const path = `/model/${postId}`;
    await visit(path);
    expect((await visit(path)).replayed).toBe(true);
    // A change noted now, made on this host or another: the kept copy is older.
    vi.setSystemTime(Date.now() + 10);
    recordPostChanges([postId], Date.now());
    expect((await visit(path)).replayed).toBe(false);
    // A copy Next serves after the change is kept and replayed again.
    vi.setSystemTime(Date.now() + 10);
    await visit(path);
    expect((await visit(path)).replayed).toBe(true);
  });

  it("replays nothing while the change feed is down, and the home page not past any post's change", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Past the changes earlier tests recorded on their own advanced clocks.
    vi.setSystemTime(Math.max(Date.now(), latestPostChangeAt() + 1));
    const path = `/model/${randomUUID()}`;
    await visit(path);
    setChangeFeedLiveUntil(0);
    expect((await visit(path)).replayed).toBe(false);
    setChangeFeedLiveUntil(Number.MAX_SAFE_INTEGER);
    await visit("/");
    expect((await visit("/")).replayed).toBe(true);
    vi.setSystemTime(Date.now() + 10);
    recordPostChanges([randomUUID()], Date.now());
    expect((await visit("/")).replayed).toBe(false);
  });

  it("keeps only whole pages from Next's cache, without cookies", async () => {
    const notKept = [
      { status: 200, cache: "MISS", setCookie: false },
      { status: 200, cache: "HIT", setCookie: true },
      { status: 500, cache: "HIT", setCookie: false },
    ];
    for (const answer of notKept) {
      nextAnswer = answer;
      const path = `/model/${randomUUID()}`;
      await visit(path);
      expect((await visit(path)).replayed, JSON.stringify(answer)).toBe(false);
    }
    // A cached 404 is a page like any other.
    nextAnswer = { status: 404, cache: "HIT", setCookie: false };
    const missing = `/model/${randomUUID()}`;
    await visit(missing);
    expect(await visit(missing)).toMatchObject({ replayed: true, status: 404 });
  });
});

describe("a fresh CSP nonce in every replay (ADR 014)", () => {
  let server: Server;
  let base = "";
  const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? "";
  const page = (nonce: string) =>
    `<html><script nonce="${nonce}" src="/a.js"></script><p>walnut</p><script nonce="${nonce}">self.x=["${nonce}"]</script></html>`;
  const STORED = "c3RvcmVkLW5vbmNlLTEyMw==";

  beforeAll(async () => {
    server = createServer((incoming, response) => {
      const key = guestPageKey(incoming);
      const next = () => {
        const gzip = String(incoming.headers["accept-encoding"]).includes("gzip");
        response.statusCode = 200;
        response.setHeader("content-type", "text/html; charset=utf-8");
        response.setHeader("x-nextjs-cache", "HIT");
        response.setHeader("content-security-policy", `script-src 'nonce-${STORED}' 'strict-dynamic'`);
        if (gzip) response.setHeader("content-encoding", "gzip");
        response.end(gzip ? gzipSync(page(STORED)) : page(STORED));
      };
      if (key) serveGuestPage(key, incoming, response, next);
      else next();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes a nonce of its own into the policy and every copy in the bytes, gzipped or not", async () => {
    for (const encoding of ["identity", "gzip"]) {
      const path = `/model/${randomUUID()}`;
      const nonces = new Set<string>();
      let replays = 0;
      for (let visit = 0; visit < 4; visit += 1) {
        // fetch checks the gzip trailer (CRC-32 and length) while it decodes.
        const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": encoding } });
        const nonce = nonceOf(response.headers.get("content-security-policy"));
        expect(await response.text(), encoding).toBe(page(nonce));
        if (response.headers.get(REPLAY_HEADER) === "1") {
          replays += 1;
          expect(nonce, encoding).not.toBe(STORED);
        }
        nonces.add(nonce);
      }
      expect(replays, encoding).toBe(3);
      expect(nonces.size, encoding).toBe(4);
    }
  });
});
