import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetEnvCache } from "@/lib/env";
import { route } from "@/lib/http/route";
import { endpoint } from "@/lib/validation/endpoint";

// The request guards of lib/http exercised on route() directly: body limits counted
// while the body streams in, malformed forms, and the state-changing GETs' client marker.
const BASE = "http://127.0.0.1:3000";
const noParams = { params: Promise.resolve({}) };

beforeEach(() => {
  process.env.PUBLIC_BASE_URL = BASE;
  process.env.AUTH_SECRET = "unit-test-secret-unit-test-secret-0123456789";
  resetEnvCache();
});
afterEach(() => resetEnvCache());

const jsonEndpoint = endpoint({
  method: "POST",
  path: "/t/json",
  summary: "t",
  tag: "t",
  auth: "none",
  body: z.object({ name: z.string() }).loose(),
  response: z.object({}),
});
const formEndpoint = endpoint({
  method: "POST",
  path: "/t/form",
  summary: "t",
  tag: "t",
  auth: "none",
  body: z.unknown(),
  maxBodyBytes: 3_000_000,
  response: z.object({}),
});

/** A body of `chunkBytes` chunks that never ends by itself; records how much was pulled and whether it was cancelled. */
function endlessBody(chunkBytes = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function streamed(path: string, contentType: string, body: ReadableStream<Uint8Array>): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
}

describe("body limits are enforced while the body streams in", () => {
  for (const [label, contentType, limit] of [
    ["JSON", "application/json", 1_000_000],
    ["urlencoded", "application/x-www-form-urlencoded", 1_000_000],
    ["multipart", "multipart/form-data; boundary=XyZ", 3_000_000],
  ] as const) {
    it(`${label}: a chunked body without Content-Length is cut off just past ${limit} bytes with a 413`, async () => {
      const { stream, state } = endlessBody();
      const handler = route(label === "multipart" ? formEndpoint : jsonEndpoint, async () => ({}));
      const response = await handler(
        streamed(label === "multipart" ? "/t/form" : "/t/json", contentType, stream),
        noParams,
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        status: "error",
        errorMessage: "The request body is too large.",
      });
      expect(state.cancelled).toBe(true);
      // Never much more than the limit was read: the stream is endless.
      expect(state.pulled).toBeLessThan(limit + 4 * 64 * 1024);
    });
  }

  it("refuses a declared Content-Length above the limit before reading anything", async () => {
    const { stream, state } = endlessBody();
    const request = new Request(`${BASE}/t/json`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "150000000" },
      body: stream,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const response = await route(jsonEndpoint, async () => ({}))(request, noParams);
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("accepts bodies within the limit", async () => {
    const name = "x".repeat(900_000);
    const request = new Request(`${BASE}/t/json`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    expect((await route(jsonEndpoint, async () => ({}))(request, noParams)).status).toBe(200);
  });

  it("answers a body that claims to be multipart but is not with a 400 envelope", async () => {
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=nope"]) {
      const request = new Request(`${BASE}/t/form`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: "this is not multipart",
      });
      const response = await route(formEndpoint, async () => ({}))(request, noParams);
      expect(response.status, contentType).toBe(400);
      expect(await response.json()).toMatchObject({
        status: "error",
        errorMessage: "The request body is not a valid form.",
      });
    }
  });
});

describe("state-changing GETs answer only the app's own client", () => {
  const logoutLike = endpoint({
    method: "GET",
    path: "/t/logout",
    summary: "t",
    tag: "t",
    auth: "none",
    stateChangingGet: true,
    response: z.object({}),
  });
  const call = (headers: Record<string, string>) =>
    route(logoutLike, async () => ({}))(new Request(`${BASE}/t/logout`, { headers }), noParams);
  const marker = { "x-requested-with": "cnc-projects" };

  it("serves the client's fetch (marker header, Sec-Fetch-Mode cors or none)", async () => {
    expect(
      (
        await call({
          ...marker,
          "sec-fetch-site": "same-origin",
          "sec-fetch-mode": "cors",
          "sec-fetch-dest": "empty",
        })
      ).status,
    ).toBe(200);
    expect((await call(marker)).status).toBe(200);
  });

  it("refuses a same-origin link click (a navigation), even with the marker", async () => {
    const navigation = {
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    expect((await call(navigation)).status).toBe(403);
    expect((await call({ ...navigation, ...marker })).status).toBe(403);
    expect((await call({ ...marker, "sec-fetch-dest": "document" })).status).toBe(403);
    expect((await call({ ...marker, "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" })).status).toBe(
      403,
    );
  });

  it("refuses a call without the marker or with another value", async () => {
    expect((await call({})).status).toBe(403);
    expect((await call({ "x-requested-with": "XMLHttpRequest" })).status).toBe(403);
  });
});
