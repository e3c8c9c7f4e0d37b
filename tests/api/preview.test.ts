import { describe, expect, it } from "vitest";
import type { PostDetail } from "@/lib/validation/posts";
import { createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

// The API suite's app runs with PREVIEW_API_KEY="preview-key-one, preview-key-two" (api-global-setup.ts).
// The spec's path ends with a slash, and the API answers it as written (no redirect: `api` does
// not follow one, so a 308 would fail every test here).
const preview = (postId: string, apiKey?: string) =>
  api<Envelope<{ post: PostDetail }>>(`/api/v1/post/preview/postDetails/?postId=${postId}`, {
    headers: apiKey === undefined ? {} : { "x-api-key": apiKey },
  });

describe("GET /api/v1/post/preview/postDetails/", () => {
  it("answers 401 without a key, with a wrong key, and with a near miss", async () => {
    const { post } = await createProject();
    for (const key of [
      undefined,
      "",
      "wrong",
      "preview-key-on",
      "preview-key-one2",
      "preview-key-one,preview-key-two",
    ]) {
      const { status, body } = await preview(post.id, key);
      expect(status, `key ${JSON.stringify(key)}`).toBe(401);
      expect(body).toMatchObject({ status: "error", errorMessage: "A valid x-api-key header is required." });
    }
  });

  it("answers the post, drafts included, for either configured key", async () => {
    const { post, model } = await createProject({ visibility: "draft" });
    for (const key of ["preview-key-one", "preview-key-two"]) {
      const { status, body } = await preview(post.id, key);
      expect(status).toBe(200);
      expect(body.data.post).toMatchObject({ _id: post.id, title: post.title, visibility: "draft" });
      expect(body.data.post.attachments.map((file) => file._id)).toContain(model.id);
    }
    // The same draft stays hidden on the public call.
    expect((await api(`/api/v1/post/${post.id}`)).status).toBe(404);
  });

  it("answers 404 for an unknown post and 400 for a malformed id, with a valid key", async () => {
    const unknown = await preview("00000000-0000-4000-8000-000000000000", "preview-key-one");
    expect(unknown.status).toBe(404);
    const malformed = await preview("nope", "preview-key-one");
    expect(malformed.status).toBe(400);
  });
});
