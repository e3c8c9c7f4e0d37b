import { describe, expect, it } from "vitest";
import { createUser } from "../support/factories";
import { asUser, createProject } from "../support/factories-project";
import { api } from "../support/http";

// What a CDN or reverse proxy in front of the hosts may keep (lib/http/cache-control.ts).
const SHARED = "public, max-age=0, s-maxage=1, stale-while-revalidate=1";

describe("answers a shared cache may keep", () => {
  it("public reads to a visitor: short s-maxage, Vary: Cookie, an ETag and 304 on If-None-Match", async () => {
    const { post } = await createProject();
    for (const path of [
      "/api/v1/post?limit=5",
      `/api/v1/post/${post.id}`,
      "/api/v1/category/getCategories?type=post",
    ]) {
      const first = await api(path);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe(SHARED);
      expect(first.headers.get("vary")).toMatch(/cookie/i);
      const tag = first.headers.get("etag");
      expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);

      const again = await api(path, { headers: { "if-none-match": `W/${tag!}` } });
      expect(again.status).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.get("etag")).toBe(tag);

      const changedTag = await api(path, { headers: { "if-none-match": '"something-else"' } });
      expect(changedTag.status).toBe(200);
    }
  });

  it("never for a signed-in reader, a missing post or a call with a side effect", async () => {
    const { post, model } = await createProject();
    const reader = await createUser();
    const signedIn = await api(`/api/v1/post/${post.id}`, await asUser(reader.id));
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    expect(signedIn.headers.get("etag")).toBeNull();
    const missing = await api("/api/v1/post/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    // A download counts, so its signed URL is never shared.
    const download = await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("cache-control")).toBe("no-store");
  });

  it("a visitor's project page is shared; the home page and a member's copy stay private", async () => {
    const { post } = await createProject();
    const guest = await api(`/model/${post.id}`, { headers: { accept: "text/html" } });
    expect(guest.status).toBe(200);
    expect(guest.headers.get("cache-control")).toBe(SHARED);
    const home = await api("/", { headers: { accept: "text/html" } });
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toMatch(/private/);
    const member = await api(`/model/${post.id}`, {
      headers: { accept: "text/html", cookie: "refresh_token=some-session" },
    });
    expect(member.headers.get("cache-control")).toMatch(/private/);
  });
});
