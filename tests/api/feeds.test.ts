import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "@/lib/db/schema";
import type { AtlasRow, FeedCheckPayload } from "@/lib/validation/feeds";
import type { Make } from "@/lib/validation/makes";
import type { PostDetail } from "@/lib/validation/posts";
import type { ReviewPost } from "@/lib/validation/review";
import { createCatalogue, createCategory, createTag, createUser, testDb, unique } from "../support/factories";
import { asUser, createProject, giveMachine } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

type PostAnswer = Envelope<{ post: PostDetail }>;
type UploadUrls = Envelope<{ attachments: { fileHash: string; signedUrl: string; attachmentId: string }[] }>;

/** One 1/4" endmill: 400 mm of side cuts at 1000 mm/min, 18000 rpm, 3 mm deep. */
const GCODE = [
  "G21 G90",
  "T1 M6",
  "S18000 M3",
  "G0 Z5",
  "G0 X0 Y0",
  "G1 Z-3 F300",
  "G1 X100 Y0 F1000",
  "G1 X100 Y100",
  "G1 X0 Y100",
  "G1 X0 Y0",
  "G0 Z5",
  "M5",
  "M2",
  "",
].join("\n");

const sha256 = (bytes: string) => createHash("sha256").update(bytes).digest("hex");

async function upload(userId: string, postId: string, fileName: string, bytes: string) {
  const urls = await api<UploadUrls>(
    "/api/v1/attachment/getPreSignedUploadUrl",
    await asUser(userId, {
      json: {
        attachments: [
          {
            parentId: postId,
            parentType: "post",
            category: "postModel",
            fileName,
            fileHash: sha256(bytes),
            fileSize: Buffer.byteLength(bytes),
            resourceType: "model",
          },
        ],
      },
    }),
  );
  expect(urls.status).toBe(200);
  const [target] = urls.body.data.attachments;
  const contentType =
    new URL(target!.signedUrl).searchParams.get("contentType") ?? "application/octet-stream";
  await fetch(target!.signedUrl, { method: "PUT", headers: { "content-type": contentType }, body: bytes });
  const confirmed = await api<PostAnswer>(
    `/api/v1/post/updateAttachments/${postId}?currentPage=4`,
    await asUser(userId, { method: "PUT", json: { attachmentIds: [target!.attachmentId] } }),
  );
  expect(confirmed.status).toBe(200);
  return target!.attachmentId;
}

/** A draft with the G-code above, a 3-flute 1/4" upcut, MDF at 18000 rpm, saved through step 7. */
async function draftProject() {
  const owner = await createUser();
  const category = await createCategory();
  const tags = [await createTag(), await createTag()];
  const created = await api<PostAnswer>(
    "/api/v1/post/createPost",
    await asUser(owner.id, {
      json: {
        title: unique("Feeds sign "),
        description: "A sign",
        category: category.id,
        tags: tags.map((tag) => tag.id),
      },
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const postId = created.body.data.post._id;
  const modelId = await upload(owner.id, postId, "sign.nc", GCODE);
  const { variants } = await createCatalogue();
  const saved = await api<PostAnswer>(
    `/api/v1/post/updatePost/${postId}`,
    await asUser(owner.id, {
      method: "PATCH",
      json: {
        originalMachine: variants[0]!.id,
        supportedMachines: [variants[0]!.id],
        toolData: [
          {
            modelId,
            laserOrEndmill: "Endmill",
            toolUnit: "inches",
            toolUsed: 0.25,
            toolType: "Upcut Endmill",
            flutes: 3,
          },
        ],
        softwareUsed: "Vectric",
        materialUsed: "MDF",
        jobType: "Single Sided",
        units: "MM",
        jobSizeWidth: 300,
        jobSizeHeight: 300,
        jobSizeThickness: 19,
        zZeroPosition: "Material Surface",
        xyDatumPosition: "Lower Left",
        toolSetter: "Enabled",
        probeForZHeightCommand: "No",
        spindleSpeed: 18000,
        licenceType: "by",
        currentPage: 7,
      },
    }),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { owner, postId, modelId, variants, post: saved.body.data.post };
}

const EXPECTED_CHECK = {
  feedMmPerMin: 1000,
  rpm: 18000,
  flutes: 3,
  // 1000 / (18000 x 3)
  chiploadMm: 0.0185,
  // AST Tooling, MDF at 1/4": .012-.015 in per tooth
  recommendedMm: [0.3048, 0.381],
  status: "low",
  material: "MDF",
  depthOfCutMm: 3,
  depthFactor: 1,
  tool: { number: 1, diameterMm: 6.35, type: "Upcut Endmill" },
} satisfies Partial<Omit<FeedCheckPayload, "tool">> & { tool: Partial<FeedCheckPayload["tool"]> };

describe("feeds check in GET /api/v1/post/{id}", () => {
  it("gives the owner each model's feeds with the numbers, and a warning that says them", async () => {
    const { post, modelId } = await draftProject();
    const model = post.attachments.find((file) => file._id === modelId)!;
    expect(model.preflight?.feeds).toEqual([
      expect.objectContaining({ ...EXPECTED_CHECK, tool: expect.objectContaining(EXPECTED_CHECK.tool) }),
    ]);
    expect(model.preflight?.warnings).toContainEqual(
      expect.stringMatching(/^Chipload too low on the 6.35 mm Upcut Endmill \(T1\): 0.0185 mm per tooth/),
    );
    expect(post.toolData[0]).toMatchObject({ flutes: 3, feeds: { status: "low", chiploadMm: 0.0185 } });
  });

  it("follows the job: a new spindle speed and material recompute it", async () => {
    const { owner, postId, modelId } = await draftProject();
    const changed = await api<PostAnswer>(
      `/api/v1/post/updatePost/${postId}`,
      await asUser(owner.id, { method: "PATCH", json: { spindleSpeed: 6000, materialUsed: "Wood (hard)" } }),
    );
    expect(changed.status).toBe(200);
    const [check] = changed.body.data.post.attachments.find((file) => file._id === modelId)!.preflight!
      .feeds!;
    // 1000 / (6000 x 3) = 0.0556; hardwood at 1/4": .005-.007 in = 0.127-0.1778 mm
    expect(check).toMatchObject({ rpm: 6000, chiploadMm: 0.0556, material: "Wood (hard)", status: "low" });
  });

  it("shows visitors each bit's verdict but not the pre-flight report", async () => {
    const { postId, modelId } = await draftProject();
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, postId));
    const { status, body } = await api<PostAnswer>(`/api/v1/post/${postId}`);
    expect(status).toBe(200);
    expect(body.data.post.attachments.find((file) => file._id === modelId)?.preflight).toBeUndefined();
    expect(body.data.post.toolData[0]).toMatchObject({ flutes: 3, feeds: { status: "low", rpm: 18000 } });
  });

  it("refuses a flute count outside 1 to 8", async () => {
    const { owner, postId, modelId } = await draftProject();
    const { status, body } = await api<Envelope<unknown>>(
      `/api/v1/post/updatePost/${postId}`,
      await asUser(owner.id, {
        method: "PATCH",
        json: {
          toolData: [
            {
              modelId,
              laserOrEndmill: "Endmill",
              toolUnit: "mm",
              toolUsed: 6,
              toolType: "Upcut Endmill",
              flutes: 9,
            },
          ],
        },
      }),
    );
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("Flutes must be a whole number from 1 to 8");
  });
});

describe("feeds check in GET /api/v1/review/posts", () => {
  it("carries each model's feeds for the reviewer", async () => {
    const { postId, modelId } = await draftProject();
    // Waiting for review (the report was computed when the job and tools were saved).
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, postId));
    const staff = await createUser({ email: `reviewer-${unique()}@onefinitycnc.com` });
    const { status, body } = await api<Envelope<{ posts: ReviewPost[] }>>(
      "/api/v1/review/posts?limit=100",
      await asUser(staff.id),
    );
    expect(status).toBe(200);
    const item = body.data.posts.find((post) => post._id === postId);
    expect(item?.preflight).toEqual([
      expect.objectContaining({
        modelId,
        feeds: [
          expect.objectContaining({ chiploadMm: 0.0185, status: "low", recommendedMm: [0.3048, 0.381] }),
        ],
      }),
    ]);
  });
});

async function makeOf(userId: string, body: Record<string, unknown>) {
  return api<Envelope<{ make: Make }>>("/api/v1/projectMake/create", await asUser(userId, { json: body }));
}

const RATINGS = { cutExpectation: 5, cutQuality: 4, correctFileInfo: 5, coolFactor: 4 };

describe("POST /api/v1/projectMake/create with material and bit", () => {
  it("keeps a tool of the project with what it cut with", async () => {
    const { postId, post, variants } = await draftProject();
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, postId));
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    const { status, body } = await makeOf(maker.id, {
      postId,
      printedOn: variants[0]!.id,
      isPrinted: true,
      ratings: RATINGS,
      material: "MDF",
      bitToolId: post.toolData[0]!._id,
      // Not the caller's to set: copied from the project.
      chiploadMm: 9,
      feedMmPerMin: 1,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.make).toMatchObject({
      material: "MDF",
      bit: {
        toolId: post.toolData[0]!._id,
        label: "6.35 mm Upcut Endmill",
        diameterMm: 6.35,
        flutes: 3,
        feedMmPerMin: 1000,
        rpm: 18000,
        chiploadMm: 0.0185,
      },
    });
    const listed = await api<Envelope<{ makes: Make[] }>>(
      `/api/v1/projectMake/post/${postId}`,
      await asUser(maker.id),
    );
    expect(listed.body.data.makes[0]).toMatchObject({ material: "MDF", bit: { chiploadMm: 0.0185 } });
  });

  it("takes a bit in the maker's words, or none", async () => {
    const { post, variants } = await createProject();
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    const worded = await makeOf(maker.id, {
      postId: post.id,
      printedOn: variants[0]!.id,
      isPrinted: false,
      bitText: "  1/8 in downcut  ",
    });
    expect(worded.status).toBe(201);
    expect(worded.body.data.make).toMatchObject({
      material: null,
      bit: { toolId: null, label: "1/8 in downcut", chiploadMm: null },
    });
    const plain = await makeOf(maker.id, { postId: post.id, printedOn: variants[0]!.id, isPrinted: false });
    expect(plain.body.data.make).toMatchObject({ material: null, bit: null });
  });

  it("refuses an unknown material and a tool of another project", async () => {
    const { post, variants } = await createProject();
    const other = await draftProject();
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    const material = await makeOf(maker.id, {
      postId: post.id,
      printedOn: variants[0]!.id,
      isPrinted: false,
      material: "Cheese",
    });
    expect(material.status).toBe(400);
    expect(JSON.stringify(material.body)).toContain("Choose a material from the list");
    const bit = await makeOf(maker.id, {
      postId: post.id,
      printedOn: variants[0]!.id,
      isPrinted: false,
      bitToolId: other.post.toolData[0]!._id,
    });
    expect(bit.status).toBe(400);
    expect(bit.body).toMatchObject({
      issues: [{ path: "bitToolId", message: "Choose a bit from this project's tools" }],
    });
  });
});

describe("GET /api/v1/atlas/chipload", () => {
  it("aggregates rated makes of listed projects by material and diameter, beside the chart", async () => {
    const { postId, post, variants } = await draftProject();
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, postId));
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    const made = await makeOf(maker.id, {
      postId,
      printedOn: variants[0]!.id,
      isPrinted: true,
      ratings: RATINGS,
      material: "MDF",
      bitToolId: post.toolData[0]!._id,
    });
    expect(made.status).toBe(201);
    const { status, body } = await api<Envelope<{ atlas: AtlasRow[] }>>(
      "/api/v1/atlas/chipload?material=MDF&diameter=6.35",
    );
    expect(status).toBe(200);
    expect(body.data.atlas).toHaveLength(1);
    const [row] = body.data.atlas;
    expect(row).toMatchObject({
      material: "MDF",
      diameterMm: 6.35,
      chart: {
        recommendedMm: [0.3048, 0.381],
        source: { url: "https://www.asttooling.com/pages/speeds-and-feeds-charts" },
      },
    });
    expect(row!.makes).toBeGreaterThanOrEqual(1);
    expect(row!.chiploadMm.min).toBeLessThanOrEqual(0.0185);
    expect(row!.wellRated.makes).toBeGreaterThanOrEqual(1);
  });

  it("leaves out makes of projects that are not listed", async () => {
    const { postId, post, variants } = await draftProject();
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, postId));
    await makeOf(maker.id, {
      postId,
      printedOn: variants[0]!.id,
      isPrinted: true,
      ratings: RATINGS,
      material: "Acrylic",
      bitToolId: post.toolData[0]!._id,
    });
    const listed = await api<Envelope<{ atlas: AtlasRow[] }>>("/api/v1/atlas/chipload?material=Acrylic");
    const before = listed.body.data.atlas.reduce((sum, row) => sum + row.makes, 0);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, postId));
    const hidden = await api<Envelope<{ atlas: AtlasRow[] }>>("/api/v1/atlas/chipload?material=Acrylic");
    expect(hidden.body.data.atlas.reduce((sum, row) => sum + row.makes, 0)).toBe(before - 1);
  });

  it.each([
    ["material=Cheese", "Choose a material from the list"],
    ["diameter=abc", "Diameter must be a number of millimetres from 0.5 to 50"],
    ["diameter=0.1", "Diameter must be a number of millimetres from 0.5 to 50"],
  ])("answers 400 for %s", async (query, message) => {
    const { status, body } = await api<Envelope<unknown>>(`/api/v1/atlas/chipload?${query}`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });
});
