import { describe, expect, it } from "vitest";
import { createProject } from "../support/factories-project";
import type { Envelope } from "../support/http";
import { ownApp } from "../support/own-app";

// Prototype pollution through multipart field names. This file runs its own
// server WITHOUT a PREVIEW_API_KEY (the suite's shared server has one), as in the report: an unset
// key read through a polluted prototype was the hole. Its own process also keeps a regression
// from poisoning the other files' server.
const app = ownApp("pollution", {
  PUBLIC_CACHE_SECONDS: "0",
  POST_DETAIL_CACHE_SECONDS: "0",
  PREVIEW_API_KEY: "",
});

async function call(pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${app.baseUrl}${pathname}`, { redirect: "follow", ...init });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return { status: response.status, body: (isJson ? JSON.parse(text) : text) as Envelope<unknown> };
}

function register(fields: [string, string][]) {
  const form = new FormData();
  for (const [key, value] of fields) form.append(key, value);
  return call("/api/v1/auth/register", { method: "POST", body: form, headers: { origin: app.baseUrl } });
}

describe("multipart field names cannot reach a prototype (pollution)", () => {
  it("refuses __proto__.PREVIEW_API_KEY with a 400, and the preview endpoint still answers 401 to x-api-key: pwned", async () => {
    const { post } = await createProject({ visibility: "draft" });
    const before = await call(`/api/v1/post/preview/postDetails/?postId=${post.id}`, {
      headers: { "x-api-key": "pwned" },
    });
    expect(before.status).toBe(401);

    const attack = await register([["__proto__.PREVIEW_API_KEY", "pwned"]]);
    expect(attack.status).toBe(400);
    expect(attack.body).toMatchObject({ status: "error" });

    const after = await call(`/api/v1/post/preview/postDetails/?postId=${post.id}`, {
      headers: { "x-api-key": "pwned" },
    });
    expect(after.status).toBe(401);
  });

  it("refuses __proto__.page and constructor.prototype.page; listings and GET / keep working", async () => {
    for (const key of ["__proto__.page", "constructor.prototype.page", "__proto__"]) {
      const attack = await register([[key, "abc"]]);
      expect(attack.status, key).toBe(400);
    }
    const listing = await call("/api/v1/post");
    expect(listing.status).toBe(200);
    const home = await fetch(`${app.baseUrl}/`);
    expect(home.status).toBe(200);
    await home.arrayBuffer();
  });

  it("refuses a polluting field mixed into an otherwise valid sign-up", async () => {
    const attack = await register([
      ["username", `p${Date.now()}`],
      ["privacy.__proto__.isAdmin", "true"],
    ]);
    expect(attack.status).toBe(400);
    expect(attack.body.issues?.[0]?.message).toBe("This field name is not allowed.");
  });
});
