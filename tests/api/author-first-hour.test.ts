import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachments, posts, toolData } from "@/lib/db/schema";
import type { PostList } from "@/lib/validation/posts";
import { createUser, testDb } from "../support/factories";
import { asUser, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";
import { uploadModel } from "../support/uploads";

/*
 * Over HTTP: an uploaded model keeps the tools its CAM comments name; an owner's draft cards say
 * where the draft stands; a laser-only project is submitted without a spindle speed.
 */
type Detail = Envelope<{
  post: { attachments: { _id: string; gcodeAnalysis: { toolComments?: unknown[]; units: string } | null }[] };
}>;
type Refusal = Envelope<never> & { issues?: { path: string; message: string }[] };

// A Fusion 360 header, in millimetres.
const POCKET =
  "(T1  D=3 CR=0 - ZMIN=-2 - flat end mill)\nG21 G90\nM3 S18000\nG0 Z5\nG1 Z-2 F300\nG1 X74 Y69\nM5\n";

describe("the author's first hour", () => {
  it("stores the tools a model's comments name with its analysis", async () => {
    const { post, owner } = await createProject({ visibility: "draft" });
    const { confirmed, attachmentId } = await uploadModel(owner.id, post.id, {
      fileName: "heatsink.nc",
      gcode: POCKET,
    });
    expect(confirmed.status).toBe(200);
    const detail = await api<Detail>(`/api/v1/post/${post.id}`, await asUser(owner.id));
    const model = detail.body.data.post.attachments.find((file) => file._id === attachmentId);
    expect(model?.gcodeAnalysis?.units).toBe("mm");
    expect(model?.gcodeAnalysis?.toolComments).toEqual([
      { tool: 1, diameter: 3, unit: "mm", type: "Upcut Endmill" },
    ]);
  });

  it("gives the owner's draft cards the step to resume at, and nobody else", async () => {
    const { post, owner } = await createProject({ visibility: "draft" });
    await testDb().update(posts).set({ currentPage: 5 }).where(eq(posts.id, post.id));
    const list = await api<Envelope<PostList>>(
      `/api/v1/post/getPostsByUserId/${owner.id}?postType=draft`,
      await asUser(owner.id),
    );
    expect(list.status).toBe(200);
    const card = list.body.data.posts.find((candidate) => candidate._id === post.id);
    expect(card?.draftStep).toBe(5);
    const published = await createProject({ userId: owner.id, visibility: "public" });
    const asStranger = await api<Envelope<PostList>>(
      `/api/v1/post/getPostsByUserId/${owner.id}`,
      await asUser((await createUser()).id),
    );
    const publicCard = asStranger.body.data.posts.find((candidate) => candidate._id === published.post.id);
    expect(publicCard).toBeDefined();
    expect(publicCard?.draftStep).toBeUndefined();
  });

  it("submits a laser-only project without a spindle speed, and asks one of a milled project", async () => {
    const submitProblems = async (isLaser: boolean) => {
      const { post, owner, model } = await createProject({ visibility: "draft" });
      await testDb().update(posts).set({ spindleSpeed: null }).where(eq(posts.id, post.id));
      await testDb()
        .update(attachments)
        .set({
          gcodeAnalysis: {
            units: "mm",
            lineCount: 3,
            segmentCount: 2,
            bounds: { min: [0, 0, 0], max: [10, 10, 0] },
            cutBounds: { min: [0, 0, 0], max: [10, 10, 0] },
            cutDistance: 20,
            rapidDistance: 0,
            estimatedSeconds: 2,
            tools: [],
            spindleSpeeds: [],
            isLaser,
            unknownWords: 0,
          },
        })
        .where(eq(attachments.id, model.id));
      if (isLaser) {
        await testDb()
          .update(toolData)
          .set({ laserOrEndmill: "Laser", toolUnit: null, toolUsed: null, toolType: null })
          .where(eq(toolData.modelId, model.id));
      }
      const submitted = await api<Refusal>(
        `/api/v1/post/updatePost/${post.id}`,
        await asUser(owner.id, { method: "PATCH", json: { currentPage: 8 } }),
      );
      return submitted.body.issues?.map((issue) => issue.path) ?? [];
    };
    expect(await submitProblems(true)).not.toContain("spindleSpeed");
    expect(await submitProblems(false)).toContain("spindleSpeed");
  });

  it("gives cards the time of publication", async () => {
    const { post } = await createProject({ visibility: "public" });
    const publishedAt = new Date("2026-10-01T12:00:00.000Z");
    await testDb().update(posts).set({ publishedAt }).where(eq(posts.id, post.id));
    const detail = await api<Envelope<{ post: { publishedAt?: string | null; createdAt: string } }>>(
      `/api/v1/post/${post.id}`,
    );
    expect(detail.body.data.post.publishedAt).toBe(publishedAt.toISOString());
    expect(detail.body.data.post.createdAt).not.toBe(publishedAt.toISOString());
  });
});
