import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { signAccessToken } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { endpoint } from "@/lib/validation/endpoint";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { route, searchParamsToObject } from "@/lib/http/route";

const BASE = "http://127.0.0.1:3000";
const noParams = { params: Promise.resolve({}) };

const echo = endpoint({
  method: "POST",
  path: "/api/v1/test/echo",
  summary: "echo",
  tag: "test",
  auth: "none",
  successStatus: 201,
  query: z.object({ page: z.coerce.number().int().min(1, "page must be at least 1").default(1) }),
  body: z.object({ name: z.string().min(3, "Title must be at least 3 characters long") }),
  response: z.object({ name: z.string(), page: z.number() }),
});
const echoHandler = route(echo, async ({ query, body }) => ({ name: body.name, page: query.page }));

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", host: "127.0.0.1:3000", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeEach(() => {
  process.env.PUBLIC_BASE_URL = BASE;
  process.env.AUTH_SECRET = "unit-test-secret-unit-test-secret-0123456789";
  resetEnvCache();
});
afterEach(() => resetEnvCache());

describe("route()", () => {
  it("wraps the payload in the success envelope with the endpoint's status", async () => {
    const response = await echoHandler(post("/api/v1/test/echo?page=2", { name: "Walnut sign" }), noParams);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: "success", data: { name: "Walnut sign", page: 2 } });
  });

  it("answers 400 with the schema's message in errorMessage, message and issues", async () => {
    const response = await echoHandler(post("/api/v1/test/echo", { name: "ab" }), noParams);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: "error",
      errorMessage: "Title must be at least 3 characters long",
      message: "Title must be at least 3 characters long",
      issues: [{ path: "name", message: "Title must be at least 3 characters long" }],
    });
  });

  it("answers 400 for bad query values and for a body that is not JSON", async () => {
    expect((await echoHandler(post("/api/v1/test/echo?page=0", { name: "Walnut" }), noParams)).status).toBe(
      400,
    );
    const response = await echoHandler(post("/api/v1/test/echo", "{not json"), noParams);
    expect(response.status).toBe(400);
    expect((await response.json()).errorMessage).toBe("The request body is not valid JSON.");
  });

  it("maps AppError codes to statuses and hides unexpected errors behind a 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = (error: unknown) => route(echo, async () => Promise.reject(error));
    const cases: [unknown, number][] = [
      [new AppError("NOT_FOUND", "Project not found"), 404],
      [new AppError("CONFLICT", "Already there"), 409],
      [new AppError("RATE_LIMITED", "Slow down", { retryAfterSeconds: 30 }), 429],
      [new Error("connection string with password=secret"), 500],
    ];
    for (const [error, status] of cases) {
      const response = await failing(error)(post("/api/v1/test/echo", { name: "Walnut" }), noParams);
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body.status).toBe("error");
      if (status === 500) expect(body.errorMessage).not.toContain("secret");
      if (status === 429) expect(response.headers.get("retry-after")).toBe("30");
    }
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it("refuses cross-site mutations by Origin or Sec-Fetch-Site, and allows same-origin ones", async () => {
    const evil = await echoHandler(
      post("/api/v1/test/echo", { name: "Walnut" }, { origin: "https://evil.example" }),
      noParams,
    );
    expect(evil.status).toBe(403);
    const crossSite = await echoHandler(
      post("/api/v1/test/echo", { name: "Walnut" }, { "sec-fetch-site": "cross-site" }),
      noParams,
    );
    expect(crossSite.status).toBe(403);
    const same = await echoHandler(
      post("/api/v1/test/echo", { name: "Walnut" }, { origin: BASE, "sec-fetch-site": "same-origin" }),
      noParams,
    );
    expect(same.status).toBe(201);
  });

  it("refuses a state-changing GET sent cross-site but serves ordinary GETs", async () => {
    const logoutLike = endpoint({
      method: "GET",
      path: "/x",
      summary: "x",
      tag: "t",
      auth: "none",
      stateChangingGet: true,
      response: z.object({}),
    });
    const plain = endpoint({
      method: "GET",
      path: "/y",
      summary: "y",
      tag: "t",
      auth: "none",
      response: z.object({}),
    });
    const request = () => new Request(`${BASE}/x`, { headers: { "sec-fetch-site": "cross-site" } });
    expect((await route(logoutLike, async () => ({}))(request(), noParams)).status).toBe(403);
    expect((await route(plain, async () => ({}))(request(), noParams)).status).toBe(200);
  });

  it("answers 401 without any session and 403 when only a refresh token is left", async () => {
    const privateCall = endpoint({
      method: "GET",
      path: "/me",
      summary: "me",
      tag: "t",
      auth: "required",
      response: z.object({}),
    });
    const handler = route(privateCall, async () => ({}));
    expect((await handler(new Request(`${BASE}/me`), noParams)).status).toBe(401);
    const withRefreshOnly = new Request(`${BASE}/me`, { headers: { cookie: `${REFRESH_TOKEN_COOKIE}=abc` } });
    expect((await handler(withRefreshOnly, noParams)).status).toBe(403);
    const forged = await signAccessToken({ userId: "u", sessionFamilyId: "f" });
    process.env.AUTH_SECRET = "another-secret-another-secret-0123456789ab";
    resetEnvCache();
    const withForgedToken = new Request(`${BASE}/me`, {
      headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${forged}; ${REFRESH_TOKEN_COOKIE}=abc` },
    });
    expect((await handler(withForgedToken, noParams)).status).toBe(403);
  });
});

describe("searchParamsToObject", () => {
  it("turns repeated keys into arrays and single keys into strings", () => {
    expect(searchParamsToObject(new URLSearchParams("modelId=a&modelId=b&type=post"))).toEqual({
      modelId: ["a", "b"],
      type: "post",
    });
  });
});

describe("buildOpenApiDocument", () => {
  it("declares OpenAPI 3.1 with the error envelope and repeated query parameters", () => {
    const document = buildOpenApiDocument() as {
      openapi: string;
      paths: Record<
        string,
        { get: { parameters: { name: string; explode: boolean }[]; responses: Record<string, unknown> } }
      >;
    };
    expect(document.openapi).toBe("3.1.0");
    const getModels = document.paths["/api/v1/cncModel/getModels"]!.get;
    expect(getModels.parameters).toEqual([
      expect.objectContaining({ name: "brandId", in: "query", explode: true }),
    ]);
    expect(Object.keys(getModels.responses)).toEqual(["200", "400"]);
  });
});
