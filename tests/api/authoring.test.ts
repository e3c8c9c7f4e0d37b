import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { attachments, posts, toolData } from "@/lib/db/schema";
import type { PostDetail } from "@/lib/validation/posts";
import { createCatalogue, createCategory, createTag, createUser, testDb, unique } from "../support/factories";
import { asUser, createProject, GCODE, PNG_BYTES } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

type PostAnswer = Envelope<{ post: PostDetail }>;
type UploadUrls = Envelope<{ attachments: { fileHash: string; signedUrl: string; attachmentId: string }[] }>;

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

async function details() {
  const category = await createCategory();
  const tags = [await createTag(), await createTag()];
  return {
    title: unique("Walnut clock "),
    description: "A wall clock with v-carved numbers",
    category: category.id,
    tags: tags.map((tag) => tag.id),
  };
}

async function createDraft(userId: string) {
  const answer = await api<PostAnswer>(
    "/api/v1/post/createPost",
    await asUser(userId, { json: await details() }),
  );
  expect(answer.status).toBe(201);
  return answer.body.data.post;
}

/** The upload flow of the wizard: signed URL, PUT, then updateAttachments. */
async function upload(
  userId: string,
  postId: string,
  file: {
    category: string;
    resourceType: string;
    fileName: string;
    bytes: Buffer | string;
    declaredSize?: number;
  },
  extra: Record<string, unknown> = {},
) {
  const urls = await api<UploadUrls>(
    "/api/v1/attachment/getPreSignedUploadUrl",
    await asUser(userId, {
      json: {
        attachments: [
          {
            parentId: postId,
            parentType: "post",
            category: file.category,
            fileName: file.fileName,
            fileHash: sha256(file.bytes),
            fileSize: file.declaredSize ?? Buffer.byteLength(file.bytes),
            resourceType: file.resourceType,
          },
        ],
      },
    }),
  );
  if (urls.status !== 200) return { status: urls.status, attachmentId: null, body: urls.body };
  const [target] = urls.body.data.attachments;
  // The signed URL names the type it accepts (docs/storage.md); a browser sends the file's type.
  const contentType =
    new URL(target!.signedUrl).searchParams.get("contentType") ?? "application/octet-stream";
  await fetch(target!.signedUrl, {
    method: "PUT",
    headers: { "content-type": contentType },
    body: typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes),
  });
  const confirmed = await api<PostAnswer>(
    `/api/v1/post/updateAttachments/${postId}?currentPage=4`,
    await asUser(userId, { method: "PUT", json: { attachmentIds: [target!.attachmentId], ...extra } }),
  );
  return { status: confirmed.status, attachmentId: target!.attachmentId, body: confirmed.body };
}

async function completeDraft(userId: string) {
  const post = await createDraft(userId);
  const { variants } = await createCatalogue();
  const model = await upload(userId, post._id, {
    category: "postModel",
    resourceType: "model",
    fileName: "clock.nc",
    bytes: GCODE,
  });
  expect(model.status).toBe(200);
  const thumbnail = await upload(userId, post._id, {
    category: "postThumbnail",
    resourceType: "image",
    fileName: "clock.png",
    bytes: PNG_BYTES,
  });
  expect(thumbnail.status).toBe(200);
  const media = await upload(
    userId,
    post._id,
    { category: "postMedia", resourceType: "image", fileName: "photo.png", bytes: PNG_BYTES },
    { thumbnailId: thumbnail.attachmentId, youtubeUrls: ["https://youtu.be/dQw4w9WgXcQ"] },
  );
  expect(media.status).toBe(200);
  const saved = await api<PostAnswer>(
    `/api/v1/post/updatePost/${post._id}`,
    await asUser(userId, {
      method: "PATCH",
      json: {
        originalMachine: variants[0]!.id,
        supportedMachines: [variants[1]!.id],
        toolData: [
          {
            modelId: model.attachmentId,
            laserOrEndmill: "Endmill",
            toolUnit: "inches",
            toolUsed: 0.25,
            toolType: "Upcut Endmill",
          },
        ],
        softwareUsed: "Vectric",
        materialUsed: "Wood (hard)",
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
  expect(saved.status).toBe(200);
  return { post: saved.body.data.post, modelId: model.attachmentId! };
}

async function visibilityOf(postId: string) {
  const [row] = await testDb()
    .select({ visibility: posts.visibility })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.visibility;
}

const submit = async (userId: string, postId: string) =>
  api<PostAnswer>(
    `/api/v1/post/updatePost/${postId}`,
    await asUser(userId, { method: "PATCH", json: { currentPage: 8 } }),
  );

describe("POST /api/v1/post/createPost", () => {
  it("creates a draft for a verified user, at step 2", async () => {
    const user = await createUser();
    const post = await createDraft(user.id);
    expect(post.visibility).toBe("draft");
    expect(post.currentPage).toBe(2);
    expect(post.tags).toHaveLength(2);
    expect((await api(`/api/v1/post/${post._id}`)).status).toBe(404);
  });

  it("refuses visitors (401), unverified users (403) and step 1 with the spec's messages (400)", async () => {
    const body = await details();
    const visitor = await api("/api/v1/post/createPost", {
      method: "POST",
      headers: { origin: inject("baseUrl"), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(visitor.status).toBe(401);
    const unverified = await createUser({ isVerified: false });
    expect((await api("/api/v1/post/createPost", await asUser(unverified.id, { json: body }))).status).toBe(
      403,
    );

    const user = await createUser();
    const invalid = await api<Envelope<never>>(
      "/api/v1/post/createPost",
      await asUser(user.id, { json: { title: "ab", description: "x", category: "", tags: [body.tags[0]] } }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues?.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        "Title must be at least 3 characters long",
        "Description must be at least 3 characters long",
        "Category must be selected",
        "At least two tags are required",
      ]),
    );
  });
});

describe("PATCH /api/v1/post/updatePost/{postId}", () => {
  it("submits a complete project for review: hidden from listings and strangers, seen by owner and staff", async () => {
    const owner = await createUser();
    const { post } = await completeDraft(owner.id);
    const submitted = await submit(owner.id, post._id);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.post.visibility).toBe("private");
    expect(submitted.body.data.post.currentPage).toBe(8);

    const stranger = await createUser();
    expect((await api(`/api/v1/post/${post._id}`, await asUser(stranger.id))).status).toBe(404);
    const staff = await createUser({ email: `${unique("reviewer-")}@onefinitycnc.com` });
    expect((await api(`/api/v1/post/${post._id}`, await asUser(staff.id))).status).toBe(200);
    const listing = await api<Envelope<{ posts: { _id: string }[] }>>(
      `/api/v1/post?searchQuery=${encodeURIComponent(post.title)}`,
    );
    expect(listing.body.data.posts.map((entry) => entry._id)).not.toContain(post._id);
  });

  it("refuses an incomplete submit with every missing step's message and keeps the draft", async () => {
    const owner = await createUser();
    const post = await createDraft(owner.id);
    const refused = await submit(owner.id, post._id);
    expect(refused.status).toBe(400);
    const messages = (refused.body as Envelope<never>).issues?.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "Original machine is required",
        "A post thumbnail is required",
        "At least one model is required",
        "Please select the software used.",
        "Licence is required",
      ]),
    );
    expect(await visibilityOf(post._id)).toBe("draft");
  });

  it("refuses a model without a tool, and a second tool on a laser model", async () => {
    const owner = await createUser();
    const { post, modelId } = await completeDraft(owner.id);
    await api(
      `/api/v1/post/updatePost/${post._id}`,
      await asUser(owner.id, { method: "PATCH", json: { toolData: [] } }),
    );
    const noTool = await submit(owner.id, post._id);
    expect((noTool.body as Envelope<never>).issues?.map((issue) => issue.message)).toContain(
      "All models must have a tool assigned, switch models here to add tools",
    );
    // The save is held to the wizard's rule: two laser entries on one model are never stored.
    const twoLasers = await api<Envelope<never>>(
      `/api/v1/post/updatePost/${post._id}`,
      await asUser(owner.id, {
        method: "PATCH",
        json: {
          toolData: [
            { modelId, laserOrEndmill: "Laser" },
            { modelId, laserOrEndmill: "Laser" },
          ],
        },
      }),
    );
    expect(twoLasers.status).toBe(400);
    expect(twoLasers.body.errorMessage).toBe("Only one tool data can be added for laser type");
    expect(twoLasers.body.issues).toEqual([
      { path: "toolData", message: "Only one tool data can be added for laser type" },
    ]);
    const [stored] = await testDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(toolData)
      .where(eq(toolData.postId, post._id));
    expect(stored?.count).toBe(0);
    expect(await visibilityOf(post._id)).toBe("draft");
  });

  it("answers 404 to a stranger for a draft, 403 for a public post, 401 to a visitor", async () => {
    const stranger = await createUser();
    const draft = await createProject({ visibility: "draft" });
    const hidden = await api(
      `/api/v1/post/updatePost/${draft.post.id}`,
      await asUser(stranger.id, { method: "PATCH", json: { title: "Mine now" } }),
    );
    expect(hidden.status).toBe(404);
    const published = await createProject();
    const forbidden = await api(
      `/api/v1/post/updatePost/${published.post.id}`,
      await asUser(stranger.id, { method: "PATCH", json: { title: "Mine now" } }),
    );
    expect(forbidden.status).toBe(403);
    const visitor = await api(`/api/v1/post/updatePost/${published.post.id}`, {
      method: "PATCH",
      headers: { origin: inject("baseUrl"), "content-type": "application/json" },
      body: JSON.stringify({ title: "Mine now" }),
    });
    expect(visitor.status).toBe(401);
    const [row] = await testDb()
      .select({ title: posts.title })
      .from(posts)
      .where(eq(posts.id, published.post.id));
    expect(row?.title).not.toBe("Mine now");
  });

  it("takes an edited public post back to draft, and a resubmit sends it to review", async () => {
    const owner = await createUser();
    const { post } = await completeDraft(owner.id);
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, post._id));
    const edited = await api<PostAnswer>(
      `/api/v1/post/updatePost/${post._id}`,
      await asUser(owner.id, {
        method: "PATCH",
        json: { title: "Walnut clock, second edition", currentPage: 2 },
      }),
    );
    expect(edited.body.data.post.visibility).toBe("draft");
    expect((await submit(owner.id, post._id)).body.data.post.visibility).toBe("private");
  });

  it("stores each model's pre-flight report, offers its toolpath picture and builds the 'Download All' zip on submit", async () => {
    const owner = await createUser();
    const { post, modelId } = await completeDraft(owner.id);
    // Uploaded: the model's toolpath picture is one of the post's thumbnails.
    const toolpath = post.attachments.find(
      (file) => file.category === "postThumbnail" && file.fileName === "clock.nc (toolpath).webp",
    );
    expect(toolpath?.resourceType).toBe("thumbnail");
    // Computed on upload and again when step 4 saved the tool: only the file's own problem is left.
    // Besides the feeds check (docs/feeds.md): 800 mm/min on a 1/4" bit is far below hardwood's chipload.
    expect(post.attachments.find((file) => file._id === modelId)?.preflight?.warnings).toEqual([
      "The first cut (line 6) comes before the spindle is switched on (M3 or M4).",
      expect.stringMatching(/^Chipload too low on the 6.35 mm Upcut Endmill/),
    ]);
    const asThumbnail = await api<PostAnswer>(
      `/api/v1/post/updateAttachments/${post._id}`,
      await asUser(owner.id, { method: "PUT", json: { thumbnailId: toolpath!._id } }),
    );
    expect(asThumbnail.status).toBe(200);

    // The job says inches; the file is G21 and cuts (line 6) before any M3.
    await api(
      `/api/v1/post/updatePost/${post._id}`,
      await asUser(owner.id, {
        method: "PATCH",
        json: {
          units: "Inches",
          jobType: "Single Sided",
          jobSizeWidth: 12,
          jobSizeHeight: 12,
          jobSizeThickness: 1,
        },
      }),
    );
    const submitted = await submit(owner.id, post._id);
    expect(submitted.status).toBe(200);
    const model = submitted.body.data.post.attachments.find((file) => file._id === modelId);
    expect(model?.preflight?.warnings).toEqual([
      "The file is in millimetres (G21) but the job setup says Inches.",
      "The first cut (line 6) comes before the spindle is switched on (M3 or M4).",
      expect.stringMatching(/^Chipload too low/),
    ]);
    // Readers other than the owner and staff do not get the report.
    const staff = await createUser({ email: `${unique("reviewer-")}@onefinitycnc.com` });
    const asStaff = await api<PostAnswer>(`/api/v1/post/${post._id}`, await asUser(staff.id));
    expect(
      asStaff.body.data.post.attachments.find((file) => file._id === modelId)?.preflight?.warnings,
    ).toHaveLength(3);

    const zipId = submitted.body.data.post.zipId;
    expect(zipId).not.toBeNull();
    const [zip] = await testDb().select().from(attachments).where(eq(attachments.id, zipId!));
    expect(zip?.category).toBe("postZip");
    expect(zip?.fileSize).toBeGreaterThan(0);
  });

  it("drops the toolpath picture of a model that was deleted, unless it is the chosen thumbnail", async () => {
    const owner = await createUser();
    const { post, modelId } = await completeDraft(owner.id);
    const picture = post.attachments.find((file) => file.fileName === "clock.nc (toolpath).webp");
    expect(picture).toBeDefined();
    await testDb().delete(attachments).where(eq(attachments.id, modelId));
    const after = await api<PostAnswer>(
      `/api/v1/post/updateAttachments/${post._id}`,
      await asUser(owner.id, { method: "PUT", json: {} }),
    );
    expect(after.status).toBe(200);
    expect(after.body.data.post.attachments.map((file) => file._id)).not.toContain(picture!._id);
    expect(await testDb().select().from(attachments).where(eq(attachments.id, picture!._id))).toEqual([]);
  });

  it("refuses fields it does not know (no mass assignment)", async () => {
    const owner = await createUser();
    const post = await createDraft(owner.id);
    const refused = await api(
      `/api/v1/post/updatePost/${post._id}`,
      await asUser(owner.id, { method: "PATCH", json: { visibility: "public", userId: owner.id } }),
    );
    expect(refused.status).toBe(400);
    expect(await visibilityOf(post._id)).toBe("draft");
  });
});

describe("PUT /api/v1/post/updateAttachments/{postId}: upload checks", () => {
  it("refuses a .png that is really HTML, and leaves no row", async () => {
    const owner = await createUser();
    const post = await createDraft(owner.id);
    const html = "<html><script>alert(1)</script></html>";
    const refused = await upload(owner.id, post._id, {
      category: "postThumbnail",
      resourceType: "image",
      fileName: "fake.png",
      bytes: html,
    });
    expect(refused.status).toBe(400);
    const rows = await testDb().select().from(attachments).where(eq(attachments.postId, post._id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a declared size that lies and a 0-byte model", async () => {
    const owner = await createUser();
    const post = await createDraft(owner.id);
    const lying = await upload(owner.id, post._id, {
      category: "postModel",
      resourceType: "model",
      fileName: "part.nc",
      bytes: GCODE,
      declaredSize: GCODE.length + 100,
    });
    expect(lying.status).toBe(400);
    const empty = await upload(owner.id, post._id, {
      category: "postModel",
      resourceType: "model",
      fileName: "empty.nc",
      bytes: "",
    });
    expect(empty.status).toBe(400);
    const rows = await testDb().select().from(attachments).where(eq(attachments.postId, post._id));
    expect(rows).toHaveLength(0);
  });

  it("refuses YouTube links that are not videos, and duplicates, with the spec's messages", async () => {
    const owner = await createUser();
    const post = await createDraft(owner.id);
    const put = async (youtubeUrls: string[]) =>
      api<Envelope<never>>(
        `/api/v1/post/updateAttachments/${post._id}`,
        await asUser(owner.id, { method: "PUT", json: { youtubeUrls } }),
      );
    expect((await put(["not a url"])).body.issues?.[0]?.message).toBe("Must be a valid URL");
    expect((await put(["https://example.com/watch?v=dQw4w9WgXcQ"])).body.issues?.[0]?.message).toBe(
      "Must be a valid youtube shorts URL",
    );
    expect(
      (await put(["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"])).body
        .issues?.[0]?.message,
    ).toBe("YouTube URL cant be added twice.");
    expect((await put(["https://www.youtube.com/shorts/dQw4w9WgXcQ", "  "])).status).toBe(200);
  });
});

describe("POST /api/v1/tag/create and DELETE /api/v1/tag/delete", () => {
  it("answers the existing tag for the same name in any case, never a duplicate", async () => {
    const user = await createUser();
    const name = unique("Inlay ");
    const first = await api<Envelope<{ tag: { _id: string; name: string } }>>(
      "/api/v1/tag/create",
      await asUser(user.id, { json: { name, type: "post" } }),
    );
    expect(first.status).toBe(201);
    const again = await api<Envelope<{ tag: { _id: string } }>>(
      "/api/v1/tag/create",
      await asUser(user.id, { json: { name: name.toUpperCase(), type: "post" } }),
    );
    expect(again.body.data.tag._id).toBe(first.body.data.tag._id);
  });

  it("lets staff delete a tag and nobody else", async () => {
    const tag = await createTag();
    const user = await createUser();
    const refused = await api(`/api/v1/tag/delete?id=${tag.id}`, await asUser(user.id, { method: "DELETE" }));
    expect(refused.status).toBe(403);
    const staff = await createUser({ email: `${unique("staff-")}@onefinitycnc.com` });
    const deleted = await api(
      `/api/v1/tag/delete?id=${tag.id}`,
      await asUser(staff.id, { method: "DELETE" }),
    );
    expect(deleted.status).toBe(200);
  });
});
