import { describe, expect, inject, it } from "vitest";
import { createTag, createUser } from "../support/factories";
import { asUser, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

/** Input that once reached a 500. Each answers a 4xx with the error envelope. */
const isEnvelope = (body: unknown) =>
  typeof body === "object" && body !== null && (body as Envelope<never>).status === "error";

describe("malformed cookies read as no cookie", () => {
  it.each(["access_token=%E0%A4%A", "refresh_token=%", "access_token=%; refresh_token=%ZZ"])(
    "Cookie: %s",
    async (cookie) => {
      const me = await api("/api/v1/auth/me", { headers: { cookie } });
      expect(me.status).toBeLessThan(500);
      expect([401, 403]).toContain(me.status);
      const listing = await api("/api/v1/post?limit=1", { headers: { cookie } });
      expect(listing.status).toBe(200);
    },
  );
});

describe("NUL characters are refused before they reach the database", () => {
  it("in queries and path parameters", async () => {
    for (const path of [
      "/api/v1/post?category=%00",
      "/api/v1/post?searchQuery=a%00b",
      "/api/v1/post/getPostsByUsername/%00",
      "/api/v1/auth/getByUsername/x%00y",
    ]) {
      const answer = await api<Envelope<never>>(path);
      expect(answer.status, path).toBe(400);
      expect(isEnvelope(answer.body), path).toBe(true);
      expect(answer.body.errorMessage).toBe("Text must not contain NUL characters.");
    }
  });

  it("in JSON and multipart bodies", async () => {
    const user = await createUser();
    const { post } = await createProject({ userId: user.id });
    const json = await api<Envelope<never>>(
      `/api/v1/post/updatePost/${post.id}`,
      await asUser(user.id, { method: "PATCH", json: { title: "A\u0000b" } }),
    );
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append("email", "nul@example.com");
    form.append("lastname", "Us\u0000er");
    const multipart = await api<Envelope<never>>("/api/v1/auth/register", {
      method: "POST",
      headers: { origin: inject("baseUrl") },
      body: form,
    });
    expect(multipart.status).toBe(400);
    expect(isEnvelope(multipart.body)).toBe(true);
  });
});

describe("broken percent-encoding in a path", () => {
  it.each(["/api/v1/post/%E0%A4%A", "/api/v1/post/%", "/api/v1/post/%ZZ", "/files/%E0%A4%A"])(
    "%s is a 400 with the envelope",
    async (path) => {
      const answer = await api<Envelope<never>>(path);
      expect(answer.status).toBe(400);
      expect(isEnvelope(answer.body)).toBe(true);
    },
  );
});

describe("found by the fuzz suite (tests/fuzz)", () => {
  it("POST /api/v1/post/createPost with a category that is no id is a 400, not a uuid cast error", async () => {
    const user = await createUser();
    const [first, second] = [await createTag(), await createTag()];
    const answer = await api<Envelope<never>>(
      "/api/v1/post/createPost",
      await asUser(user.id, {
        json: {
          title: "Fuzzed",
          description: "A fuzzed draft",
          category: "Tlt~'AXP@",
          tags: [first.id, second.id],
        },
      }),
    );
    expect(answer.status).toBe(400);
    expect(isEnvelope(answer.body)).toBe(true);
    expect(answer.body.errorMessage).toBe("Category must be selected");
  });

  it("an address over Node's 16 KB header limit is a 431 with the envelope", async () => {
    const answer = await api<Envelope<never>>(`/api/v1/post?searchQuery=${"A".repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(isEnvelope(answer.body)).toBe(true);
  });
});
