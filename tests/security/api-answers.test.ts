import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { describe, expect, inject, it } from "vitest";
import type { PostDetail } from "@/lib/validation/posts";
import { createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

// Every API answer carries the envelope and the API's headers, 405s included; the OpenAPI document
// says what the state-changing GETs need; the spec's trailing-slash address answers directly.
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

function expectApiHeaders(headers: Headers, label: string) {
  expect(headers.get("content-security-policy"), label).toBe(API_POLICY);
  expect(headers.get("cache-control"), label).toBe("no-store");
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(headers.get("x-frame-options"), label).toBe("DENY");
  expect(headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
}

describe("a method the route does not serve", () => {
  it("answers 405 with the error envelope, Allow and the API's headers", async () => {
    const cases: Array<[method: string, path: string, allow: string]> = [
      ["PUT", "/api/v1/post", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/v1/post", "GET, HEAD, OPTIONS"],
      ["POST", `/api/v1/post/${randomUUID()}`, "GET, HEAD, OPTIONS"],
      // A fixed name beats the `{id}` beside it, as in Next's routing.
      ["PUT", "/api/v1/post/createPost", "OPTIONS, POST"],
      ["GET", "/api/v1/post/createPost", "OPTIONS, POST"],
      ["GET", `/api/v1/post/updatePost/${randomUUID()}`, "OPTIONS, PATCH"],
      ["POST", "/api/v1/auth/logout", "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/v1/openapi.json", "GET, HEAD, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const label = `${method} ${path}`;
      const answer = await api<Envelope<never>>(path, { method });
      expect(answer.status, label).toBe(405);
      expect(answer.headers.get("allow"), label).toBe(allow);
      expect(answer.body, label).toMatchObject({
        status: "error",
        errorMessage: `This address does not accept ${method} requests (allowed: ${allow}).`,
        message: `This address does not accept ${method} requests (allowed: ${allow}).`,
      });
      expectApiHeaders(answer.headers, label);
    }
  });

  it("answers HEAD on a route without GET with 405, and OPTIONS with what the route serves", async () => {
    const head = await fetch(`${inject("baseUrl")}/api/v1/post/createPost`, { method: "HEAD" });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("OPTIONS, POST");
    expectApiHeaders(head.headers, "HEAD");
    const options = await api("/api/v1/post/createPost", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("OPTIONS, POST");
    expectApiHeaders(options.headers, "OPTIONS");
  });

  it("answers a method no route handler can have (PROPFIND) the same way, from the server process", async () => {
    const url = new URL(`${inject("baseUrl")}/api/v1/post`);
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
      (resolve, reject) => {
        const outgoing = httpRequest(
          { host: url.hostname, port: url.port, path: url.pathname, method: "PROPFIND" },
          (response) => {
            let text = "";
            response.on("data", (chunk: Buffer) => (text += chunk.toString()));
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
            );
          },
        );
        outgoing.on("error", reject);
        outgoing.end();
      },
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(answer.headers["content-security-policy"]).toBe(API_POLICY);
    expect(JSON.parse(answer.text)).toMatchObject({ status: "error", errorMessage: expect.any(String) });
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("declares the client marker header, name and value, on the three state-changing GETs only", async () => {
    type Parameter = { name: string; in: string; required?: boolean; schema?: { const?: string } };
    const document = (
      await api<{ paths: Record<string, Record<string, { parameters?: Parameter[] }>> }>(
        "/api/v1/openapi.json",
      )
    ).body;
    const withMarker: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const marker = operation.parameters?.find((parameter) => parameter.in === "header");
        if (!marker) continue;
        withMarker.push(`${method.toUpperCase()} ${path}`);
        expect(marker).toMatchObject({
          name: "X-Requested-With",
          required: true,
          schema: { const: "cnc-projects" },
        });
      }
    }
    expect(withMarker.sort()).toEqual([
      "GET /api/v1/attachment/deleteAttachment/{attachmentId}",
      "GET /api/v1/auth/getVerificationOtp",
      "GET /api/v1/auth/logout",
    ]);
  });
});

describe("trailing slashes", () => {
  it("the spec's preview address, with its slash, answers the post directly (no redirect)", async () => {
    const { post } = await createProject();
    const answer = await api<Envelope<{ post: PostDetail }>>(
      `/api/v1/post/preview/postDetails/?postId=${post.id}`,
      { headers: { "x-api-key": "preview-key-one" } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.post._id).toBe(post.id);
  });

  it("every other address keeps Next's redirect to the address without the slash, query included", async () => {
    for (const [path, location] of [
      ["/privacyPolicy/?from=footer", "/privacyPolicy?from=footer"],
      ["/api/v1/post/?page=2", "/api/v1/post?page=2"],
      ["/api/v1/auth/getByUsername/", "/api/v1/auth/getByUsername"],
    ]) {
      const answer = await api(path as string);
      expect(answer.status, path).toBe(308);
      expect(answer.headers.get("location"), path).toBe(location);
    }
  });
});
