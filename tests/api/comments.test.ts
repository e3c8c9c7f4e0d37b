import { describe, expect, it } from "vitest";
import type { Comment } from "@/lib/validation/comments";
import { createUser } from "../support/factories";
import { asUser, createComment, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

const delta = (ops: unknown[]) => JSON.stringify({ ops });

async function post(userId: string, body: unknown) {
  return api<Envelope<{ comment: Comment }>>("/api/v1/comment/create", await asUser(userId, { json: body }));
}

describe("POST /api/v1/comment/create", () => {
  it("stores a sanitised delta: colours stripped, bad links dropped, formats kept", async () => {
    const { post: project } = await createProject();
    const author = await createUser({ firstname: "Ada", lastname: "Lovelace" });
    const { status, body } = await post(author.id, {
      postId: project.id,
      comment: delta([
        { insert: "Bold", attributes: { bold: true, color: "#ff0000", background: "#000" } },
        { insert: " and " },
        { insert: "evil", attributes: { link: "javascript:alert(1)", italic: true } },
        { insert: " site", attributes: { link: "https://example.com/x", underline: true } },
        { insert: { image: "https://example.com/a.png" } },
        { insert: "\n" },
      ]),
    });
    expect(status).toBe(201);
    expect(body.data.comment).toMatchObject({
      post: project.id,
      user: { _id: author.id, username: author.username, fullName: "Ada Lovelace" },
      canDelete: true,
    });
    expect(JSON.parse(body.data.comment.comment)).toEqual({
      ops: [
        { insert: "Bold", attributes: { bold: true } },
        { insert: " and " },
        { insert: "evil", attributes: { italic: true } },
        { insert: " site", attributes: { underline: true, link: "https://example.com/x" } },
        { insert: "\n" },
      ],
    });
  });

  it("keeps mailto links and accepts the delta as an object", async () => {
    const { post: project } = await createProject();
    const author = await createUser();
    const { status, body } = await post(author.id, {
      postId: project.id,
      comment: {
        ops: [{ insert: "mail me", attributes: { link: "mailto:a@example.com" } }, { insert: "\n" }],
      },
    });
    expect(status).toBe(201);
    expect(JSON.parse(body.data.comment.comment).ops[0].attributes).toEqual({ link: "mailto:a@example.com" });
  });

  it.each([
    ["no content", delta([])],
    ["only a blank line", delta([{ insert: "\n" }])],
    ["only spaces and newlines", delta([{ insert: "   \n\n" }])],
    ["not JSON", "hello"],
    ["only an embed", delta([{ insert: { image: "x" } }])],
  ])("refuses %s with 'Comment can't be empty'", async (_label, comment) => {
    const { post: project } = await createProject();
    const author = await createUser();
    const { status, body } = await post(author.id, { postId: project.id, comment });
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: "comment", message: "Comment can't be empty" }]);
  });

  it("answers 401 when signed out and 404 for a draft of someone else", async () => {
    const { post: project } = await createProject();
    const anonymous = await api("/api/v1/comment/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ postId: project.id, comment: delta([{ insert: "hi\n" }]) }),
    });
    expect(anonymous.status).toBe(401);
    const { post: draft } = await createProject({ visibility: "draft" });
    const stranger = await createUser();
    const { status } = await post(stranger.id, { postId: draft.id, comment: delta([{ insert: "hi\n" }]) });
    expect(status).toBe(404);
  });

  it("counts the comment on the post", async () => {
    const { post: project } = await createProject();
    const author = await createUser();
    await post(author.id, { postId: project.id, comment: delta([{ insert: "one\n" }]) });
    const { body } = await api<Envelope<{ post: { comments: number } }>>(`/api/v1/post/${project.id}`);
    expect(body.data.post.comments).toBe(1);
  });
});

describe("GET /api/v1/comment/getCommentsByPostId/{postId}", () => {
  it("lists comments newest first with canDelete for the caller", async () => {
    const { post: project } = await createProject();
    const first = await createUser();
    const second = await createUser({ privacyLastname: false, firstname: "Bo", lastname: "Hidden" });
    await createComment(project.id, first.id, "first");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createComment(project.id, second.id, "second");
    const { status, body } = await api<Envelope<{ comments: Comment[] }>>(
      `/api/v1/comment/getCommentsByPostId/${project.id}`,
      await asUser(first.id),
    );
    expect(status).toBe(200);
    expect(body.data.comments.map((comment) => comment.user._id)).toEqual([second.id, first.id]);
    expect(body.data.comments.map((comment) => comment.canDelete)).toEqual([false, true]);
    expect(body.data.comments[0]!.user.fullName).toBe("Bo");
  });

  it("answers 404 for a missing post", async () => {
    const { status } = await api(`/api/v1/comment/getCommentsByPostId/00000000-0000-4000-8000-000000000000`);
    expect(status).toBe(404);
  });
});

describe("DELETE /api/v1/comment/delete", () => {
  it("lets the author delete their own comment", async () => {
    const { post: project } = await createProject();
    const author = await createUser();
    const comment = await createComment(project.id, author.id);
    const { status, body } = await api<Envelope<{ _id: string }>>(
      `/api/v1/comment/delete?postId=${project.id}&commentId=${comment.id}`,
      await asUser(author.id, { method: "DELETE" }),
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ _id: comment.id });
    const list = await api<Envelope<{ comments: Comment[] }>>(
      `/api/v1/comment/getCommentsByPostId/${project.id}`,
    );
    expect(list.body.data.comments).toEqual([]);
  });

  it("refuses another user, even the post's owner, with 403", async () => {
    const { post: project, owner } = await createProject();
    const author = await createUser();
    const comment = await createComment(project.id, author.id);
    for (const userId of [owner.id, (await createUser()).id]) {
      const { status } = await api(
        `/api/v1/comment/delete?postId=${project.id}&commentId=${comment.id}`,
        await asUser(userId, { method: "DELETE" }),
      );
      expect(status).toBe(403);
    }
  });

  it("lets verified staff delete any comment, but not unverified company addresses", async () => {
    const { post: project } = await createProject();
    const author = await createUser();
    const comment = await createComment(project.id, author.id);
    const unverified = await createUser({ email: `x-${Date.now()}@onefinitycnc.com`, isVerified: false });
    const refused = await api(
      `/api/v1/comment/delete?postId=${project.id}&commentId=${comment.id}`,
      await asUser(unverified.id, { method: "DELETE" }),
    );
    expect(refused.status).toBe(403);
    const staff = await createUser({ email: `staff-${Date.now()}@onefinitycnc.com`, isVerified: true });
    const { status } = await api(
      `/api/v1/comment/delete?postId=${project.id}&commentId=${comment.id}`,
      await asUser(staff.id, { method: "DELETE" }),
    );
    expect(status).toBe(200);
  });

  it("answers 404 when the comment belongs to another post", async () => {
    const { post: project } = await createProject();
    const { post: other } = await createProject();
    const author = await createUser();
    const comment = await createComment(project.id, author.id);
    const { status } = await api(
      `/api/v1/comment/delete?postId=${other.id}&commentId=${comment.id}`,
      await asUser(author.id, { method: "DELETE" }),
    );
    expect(status).toBe(404);
  });
});
