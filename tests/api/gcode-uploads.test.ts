import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "@/lib/db/schema";
import type { PostList } from "@/lib/validation/posts";
import { createUser, testDb } from "../support/factories";
import { asUser, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";
import { postUpload, uploadModel } from "../support/uploads";

/*
 * Over HTTP: an uploaded laser raster (M3 S0 once, the power on every move, no M4) is
 * stored as a laser job with its power range and found by the toolType=Laser filter; G-code
 * extensions the viewer reads but the spec does not accept for uploads get the spec's message.
 */
type Detail = Envelope<{
  post: {
    attachments: {
      _id: string;
      gcodeAnalysis: { isLaser: boolean; powerRange?: { min: number; max: number } | null } | null;
    }[];
  };
}>;

const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join("");

// Power S100..S1000 carried on the feed moves: 4 changes on feed lines, so a laser job.
const RASTER = "G21 G90\nM3 S0\nG1X10S100F1000\nG1X20S500\nG1X30S250\nG1X40S1000\nM5\n";

async function laserIds(token: string, viewerId: string): Promise<string[]> {
  const { status, body } = await api<Envelope<PostList>>(
    `/api/v1/post?searchQuery=${token}&toolType=Laser&limit=100`,
    await asUser(viewerId),
  );
  expect(status).toBe(200);
  return body.data.posts.map((post) => post._id);
}

describe("G-code uploads", () => {
  it("stores a raster without M4 as a laser job and lists it under toolType=Laser", async () => {
    const token = word();
    // The project's own tool data says Endmill; only its uploaded model is a laser job.
    const { post, owner } = await createProject();
    await testDb()
      .update(posts)
      .set({ title: `${token} raster` })
      .where(eq(posts.id, post.id));
    expect(await laserIds(token, (await createUser()).id)).toEqual([]);

    const { confirmed, attachmentId } = await uploadModel(owner.id, post.id, {
      fileName: "raster.nc",
      gcode: RASTER,
    });
    expect(confirmed.status).toBe(200);

    const detail = await api<Detail>(`/api/v1/post/${post.id}`);
    const model = detail.body.data.post.attachments.find((file) => file._id === attachmentId);
    expect(model?.gcodeAnalysis?.isLaser).toBe(true);
    expect(model?.gcodeAnalysis?.powerRange).toEqual({ min: 100, max: 1000 });

    expect(await laserIds(token, (await createUser()).id)).toEqual([post.id]);
  });

  it("refuses .gco and .tap models with the spec's message", async () => {
    const { post, owner } = await createProject();
    for (const fileName of ["cut.gco", "part.tap"]) {
      const refused = await api<Envelope<unknown> & { issues?: unknown[] }>(
        "/api/v1/attachment/getPreSignedUploadUrl",
        await asUser(owner.id, {
          json: { attachments: [postUpload({ postId: post.id, fileName, bytes: RASTER })] },
        }),
      );
      expect(refused.status, fileName).toBe(400);
      expect(refused.body.issues).toEqual([
        { path: "attachments.0.fileName", message: "Upload a valid model (invalid file type)" },
      ]);
    }
  });
});
