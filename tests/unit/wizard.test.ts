import { describe, expect, it } from "vitest";
import { changedFields } from "@/app/(studio)/project/_components/changed-fields";
import { editorDataOf, fillFromFiles } from "@/app/(studio)/project/_components/editor-data";
import { thumbnailChoicesOf } from "@/app/(studio)/project/_steps/1-details/thumbnail-choices";
import { stepErrors, stepOfField } from "@/app/(studio)/project/_steps/step-rules";
import {
  addToQueue,
  queuedEntry,
  removeByHash,
  removeCategory,
  setHash,
} from "@/components/wizard/upload-queue";
import { liveToolPreflightOf, preflightWarningsOf } from "@/components/wizard/preflight";
import type { PostAttachment, PostDetail } from "@/lib/validation/posts";

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

function attachment(overrides: Partial<PostAttachment> & { _id: string; category: string }): PostAttachment {
  return {
    fileName: "file",
    resourceType: "image",
    url: "https://files.example/x",
    fileSize: 10,
    downloadCount: 0,
    gcodeAnalysis: null,
    ...overrides,
  };
}

/** A saved draft after step 1 (the rest empty, as createPost leaves it). */
function draft(overrides: Partial<PostDetail> = {}): PostDetail {
  return {
    _id: ID(1),
    title: "Walnut clock",
    description: "A clock face",
    visibility: "draft",
    createdAt: "2026-11-24T00:00:00.000Z",
    publishedAt: null,
    updatedAt: "2026-11-24T00:00:00.000Z",
    user: { _id: ID(2), username: "maker", profilePicture: null, isOnefinityOfficial: false },
    category: { _id: ID(3), name: "Signs" },
    partner: null,
    thumbnail: "https://files.example/thumb.png",
    likes: 0,
    comments: 0,
    averageTotalRating: 0,
    downloadAverage: 0,
    attachments: [],
    zipId: null,
    tags: [
      { _id: ID(4), name: "clock" },
      { _id: ID(5), name: "walnut" },
    ],
    toolData: [],
    supportedMachines: [],
    viewerMachines: [],
    originalMachine: null,
    hasLikedByUser: false,
    hasBookmarkedByUser: false,
    isOwner: true,
    makes: 0,
    ratingSummary: { count: 0, distribution: [0, 0, 0, 0, 0] },
    builtWith: null,
    onefinityModel: null,
    onefinityController: null,
    onefinitySize: null,
    softwareUsed: null,
    materialUsed: null,
    jobType: null,
    units: null,
    jobSize: { height: null, width: null, thickness: null, diameter: null, length: null },
    zZeroPosition: null,
    xyDatumPosition: null,
    laserOrEndmill: null,
    toolSetter: null,
    probeForZHeightCommand: null,
    spindleSpeed: null,
    licenceType: null,
    currentPage: 2,
    reviewRejectionReason: null,
    basedOn: [],
    remixCount: 0,
    ...overrides,
  };
}

describe("upload queue", () => {
  it("replaces an earlier entry with the same hash and category once the worker has hashed it", () => {
    let queue = addToQueue([], queuedEntry("a", file("a.nc"), "postModel"));
    queue = setHash(queue, "a", "h1");
    queue = addToQueue(queue, queuedEntry("b", file("b.nc"), "postMedia"));
    queue = setHash(queue, "b", "h1");
    queue = addToQueue(queue, queuedEntry("c", file("copy-of-a.nc"), "postModel"));
    expect(queue.map((item) => item.key)).toEqual(["a", "b", "c"]);
    queue = setHash(queue, "c", "h1");
    // Same hash in another category stays; the same model picked twice is one entry.
    expect(queue.map((item) => [item.key, item.status])).toEqual([
      ["b", "ready"],
      ["c", "ready"],
    ]);
  });

  it("keeps one thumbnail, and removes by hash and category or by category", () => {
    let queue = addToQueue([], queuedEntry("t1", file("one.png"), "postThumbnail"));
    queue = addToQueue(queue, queuedEntry("m1", file("m.nc"), "postModel"));
    queue = addToQueue(queue, queuedEntry("t2", file("two.png"), "postThumbnail"));
    expect(queue.map((item) => item.key)).toEqual(["m1", "t2"]);
    queue = setHash(queue, "m1", "h2");
    expect(removeByHash(queue, "h2", "postMedia").map((item) => item.key)).toEqual(["m1", "t2"]);
    expect(removeByHash(queue, "h2", "postModel").map((item) => item.key)).toEqual(["t2"]);
    expect(removeCategory(queue, "postThumbnail").map((item) => item.key)).toEqual(["m1"]);
  });
});

describe("step rules", () => {
  const empty = { post: null, queue: [], youtubeUrls: [], thumbnailChoice: null };

  it("an empty first step names every field", () => {
    expect(stepErrors(1, { ...empty, data: editorDataOf(null) })).toEqual({
      title: "Title must be at least 3 characters long",
      description: "Description must be at least 3 characters long",
      category: "Category must be selected",
      tags: "At least two tags are required",
      thumbnail: "A post thumbnail is required",
    });
  });

  it("checks a queued thumbnail, or accepts a chosen picture of the post instead", () => {
    const post = draft({ thumbnail: null });
    const data = editorDataOf(post);
    const queue = [queuedEntry("t", file("photo.gif"), "postThumbnail")];
    expect(stepErrors(1, { ...empty, post, data, queue })).toEqual({
      thumbnail: "Upload a valid thumbnail (invalid file type)",
    });
    expect(stepErrors(1, { ...empty, post, data, thumbnailChoice: ID(9) })).toEqual({});
  });

  it("models, tools and media need something", () => {
    const post = draft();
    const data = editorDataOf(post);
    expect(stepErrors(3, { ...empty, post, data })).toEqual({ models: "At least one model is required" });
    expect(
      stepErrors(3, { ...empty, post, data, queue: [queuedEntry("m", file("a.txt"), "postModel")] }),
    ).toEqual({
      models: "Upload a valid model (invalid file type)",
    });
    expect(
      stepErrors(3, { ...empty, post, data, queue: [queuedEntry("m", file("a.nc", 0), "postModel")] }),
    ).toEqual({
      models: "Upload a valid model (invalid file size)",
    });

    const withModel = draft({
      attachments: [attachment({ _id: ID(7), category: "postModel", resourceType: "model" })],
    });
    expect(stepErrors(4, { ...empty, post: withModel, data: editorDataOf(withModel) })).toEqual({
      toolData: "All models must have a tool assigned, switch models here to add tools",
    });
    const mapped = { ...editorDataOf(withModel), toolData: [{ modelId: ID(7), laserOrEndmill: "Laser" }] };
    expect(stepErrors(4, { ...empty, post: withModel, data: mapped })).toEqual({});

    expect(stepErrors(5, { ...empty, post, data })).toEqual({ mediaFiles: "At least one model is required" });
    expect(
      stepErrors(5, { ...empty, post, data, queue: [queuedEntry("p", file("a.exe"), "postMedia")] }),
    ).toEqual({
      mediaFiles: "Upload a valid media (invalid file type)",
    });
  });

  it("YouTube links follow the spec's rules, and one counts as media", () => {
    const post = draft();
    const data = editorDataOf(post);
    const links = (youtubeUrls: string[]) => stepErrors(5, { ...empty, post, data, youtubeUrls });
    expect(links(["https://youtu.be/dQw4w9WgXcQ", " "])).toEqual({});
    expect(links(["not a url"])).toEqual({ youtube: "Must be a valid URL" });
    expect(links(["https://vimeo.com/123"])).toEqual({ youtube: "Must be a valid youtube shorts URL" });
    expect(
      links(["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtube.com/shorts/dQw4w9WgXcQ"]),
    ).toEqual({ youtube: "YouTube URL cant be added twice." });
  });

  it("maps the server's submit messages back to their steps", () => {
    expect(stepOfField("title")).toBe(1);
    expect(stepOfField("thumbnail")).toBe(1);
    expect(stepOfField("originalMachine")).toBe(2);
    expect(stepOfField("models")).toBe(3);
    expect(stepOfField("toolData.0.toolUsed")).toBe(4);
    expect(stepOfField("mediaFiles")).toBe(5);
    expect(stepOfField("spindleSpeed")).toBe(6);
    expect(stepOfField("licenceType")).toBe(7);
    expect(stepOfField("somethingElse")).toBeNull();
  });
});

describe("what a step's Next sends", () => {
  it("a new draft sends the whole step; a saved one only what changed", () => {
    const post = draft({ originalMachine: null });
    const data = editorDataOf(post);
    expect(changedFields(1, data, null)).toMatchObject({ title: "Walnut clock", tags: [ID(4), ID(5)] });
    expect(changedFields(1, data, post)).toEqual({});
    expect(changedFields(1, { ...data, title: "Oak clock" }, post)).toEqual({ title: "Oak clock" });
  });

  it("fills units and sizes from the models' analysis, names the file, and saves them with the author's choices", () => {
    const pocket = attachment({
      _id: ID(7),
      category: "postModel",
      resourceType: "model",
      fileName: "heatsink.nc",
      gcodeAnalysis: {
        units: "mm",
        lineCount: 10,
        segmentCount: 9,
        bounds: { min: [0, 0, -6.1], max: [74, 69, 5] },
        cutBounds: { min: [0, 0, -6.1], max: [74, 69, 0] },
        cutDistance: 1,
        rapidDistance: 1,
        estimatedSeconds: 1,
        tools: [],
        spindleSpeeds: [],
        isLaser: false,
        unknownWords: 0,
        minCutZ: -6.1,
      },
    });
    const post = draft({ attachments: [pocket] });
    const { data, filled } = fillFromFiles(editorDataOf(post), post);
    expect(data).toMatchObject({ units: "MM", jobSizeWidth: 74, jobSizeHeight: 69, jobSizeThickness: 6.25 });
    expect(data).toMatchObject({ softwareUsed: "", materialUsed: "" });
    expect(filled).toEqual({
      units: ["heatsink.nc"],
      jobSizeWidth: ["heatsink.nc"],
      jobSizeHeight: ["heatsink.nc"],
      jobSizeThickness: ["heatsink.nc"],
    });
    // Software and material have no source in the file: Next asks for them.
    expect(stepErrors(6, { data, post, queue: [], youtubeUrls: [], thumbnailChoice: null })).toEqual({
      softwareUsed: "Please select the software used.",
      materialUsed: "Please select the material used.",
    });
    const fields = changedFields(6, { ...data, softwareUsed: "Fusion 360", materialUsed: "Aluminum" }, post);
    expect(fields).toMatchObject({
      softwareUsed: "Fusion 360",
      units: "MM",
      jobSizeWidth: 74,
      spindleSpeed: 18000,
    });
    expect(fields).not.toHaveProperty("jobSizeDiameter");
    // A value the author saved is theirs: the file does not overwrite it.
    const saved = draft({ attachments: [pocket], units: "Inches" });
    expect(fillFromFiles(editorDataOf(saved), saved).data.units).toBe("Inches");
  });

  it("a laser-only project does not need a spindle speed", () => {
    const laser = attachment({
      _id: ID(7),
      category: "postModel",
      resourceType: "model",
      fileName: "engrave.gco",
      gcodeAnalysis: {
        units: "mm",
        lineCount: 10,
        segmentCount: 9,
        bounds: { min: [0, 0, 0], max: [50, 30, 0] },
        cutBounds: { min: [0, 0, 0], max: [50, 30, 0] },
        cutDistance: 1,
        rapidDistance: 1,
        estimatedSeconds: 1,
        tools: [],
        spindleSpeeds: [],
        isLaser: true,
        unknownWords: 0,
        minCutZ: 0,
      },
    });
    const post = draft({ attachments: [laser] });
    const { data } = fillFromFiles(editorDataOf(post), post);
    expect(Number.isNaN(data.spindleSpeed)).toBe(true);
    const chosen = { ...data, softwareUsed: "Other", materialUsed: "Acrylic", jobSizeThickness: 3 };
    expect(stepErrors(6, { data: chosen, post, queue: [], youtubeUrls: [], thumbnailChoice: null })).toEqual(
      {},
    );
    const milled = draft({
      attachments: [{ ...laser, gcodeAnalysis: { ...laser.gcodeAnalysis!, isLaser: false } }],
    });
    expect(
      stepErrors(6, { data: chosen, post: milled, queue: [], youtubeUrls: [], thumbnailChoice: null }),
    ).toHaveProperty("spindleSpeed");
  });

  it("an emptied tool table is sent as an empty list", () => {
    const post = draft({
      toolData: [
        {
          _id: ID(8),
          modelId: ID(7),
          toolUsed: null,
          toolUnit: null,
          laserOrEndmill: "Laser",
          toolType: null,
          flutes: 2,
          feeds: null,
        },
      ],
    });
    expect(changedFields(4, { ...editorDataOf(post), toolData: [] }, post)).toEqual({ toolData: [] });
    expect(changedFields(4, editorDataOf(post), post)).toEqual({});
  });
});

describe("thumbnail choices", () => {
  it("offers the post's thumbnails (toolpath pictures too) and photos, not models, design files or videos", () => {
    const post = draft({
      attachments: [
        attachment({ _id: ID(10), category: "postMedia", resourceType: "image", fileName: "photo.jpg" }),
        attachment({
          _id: ID(11),
          category: "postThumbnail",
          resourceType: "thumbnail",
          fileName: "toolpath.webp",
        }),
        attachment({ _id: ID(12), category: "postMedia", resourceType: "other", fileName: "design.crv" }),
        attachment({ _id: ID(13), category: "postMedia", resourceType: "youtube", fileName: "YouTube x" }),
        attachment({ _id: ID(14), category: "postModel", resourceType: "model", fileName: "part.nc" }),
        attachment({ _id: ID(15), category: "postMedia", resourceType: "image", url: null }),
      ],
    });
    expect(thumbnailChoicesOf(post).map((choice) => choice.label)).toEqual(["toolpath.webp", "photo.jpg"]);
    // The current thumbnail is not offered again, however its URL was signed.
    const current = { ...post, thumbnail: "https://files.example/x?signature=2" };
    const photo = attachment({
      _id: ID(16),
      category: "postMedia",
      url: "https://files.example/photo?signature=1",
    });
    expect(
      thumbnailChoicesOf({
        ...current,
        attachments: [
          photo,
          attachment({ _id: ID(17), category: "postThumbnail", url: "https://files.example/x?signature=1" }),
        ],
      }).map((c) => c.id),
    ).toEqual([ID(16)]);
    expect(thumbnailChoicesOf(null)).toEqual([]);
  });
});

describe("pre-flight warnings", () => {
  it("are the report's sentences, none without a report", () => {
    const model = attachment({ _id: ID(7), category: "postModel" });
    expect(preflightWarningsOf(model)).toEqual([]);
    expect(preflightWarningsOf({ ...model, preflight: null })).toEqual([]);
    const warnings = ["The job is set up in inches, but the file works in millimetres (G21)."];
    expect(
      preflightWarningsOf({
        ...model,
        preflight: { version: 1, warnings, checkedAt: "2026-11-24T00:00:00Z" },
      }),
    ).toEqual(warnings);
  });
});

describe("pre-flight on step 4", () => {
  const NO_TOOL = "No tool is mapped to this model in step 4.";
  const UNITS = "The file is in millimetres (G21) but the job setup says Inches.";
  const analysed = {
    units: "mm" as const,
    lineCount: 10,
    segmentCount: 9,
    bounds: { min: [0, 0, -1], max: [10, 10, 5] },
    cutBounds: { min: [0, 0, -1], max: [10, 10, 0] },
    cutDistance: 20,
    rapidDistance: 10,
    estimatedSeconds: 3,
    tools: [1],
    spindleSpeeds: [18000],
    isLaser: false,
    unknownWords: 0,
  };
  const model = {
    ...attachment({ _id: ID(8), category: "postModel", gcodeAnalysis: analysed }),
    preflight: { version: 1, warnings: [UNITS, NO_TOOL], checkedAt: "2026-11-26T00:00:00Z" },
  };
  const endmill = { modelId: ID(8), laserOrEndmill: "Endmill" };
  const laser = { modelId: ID(8), laserOrEndmill: "Laser" };

  it("drops the stored tool warning once the table on screen maps a tool, keeping the others", () => {
    expect(liveToolPreflightOf(model, [], [])).toEqual([UNITS, NO_TOOL]);
    expect(liveToolPreflightOf(model, [], [endmill])).toEqual([UNITS]);
  });

  it("says what is wrong with the table on screen", () => {
    expect(liveToolPreflightOf(model, [], [laser])).toEqual([
      UNITS,
      "The file looks like a spindle (endmill) job, but step 4 maps a laser to it.",
    ]);
    // Another model's tools do not count for this one.
    expect(liveToolPreflightOf(model, [], [{ ...endmill, modelId: ID(9) }])).toEqual([UNITS, NO_TOOL]);
  });
});
