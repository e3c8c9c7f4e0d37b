import { describe, expect, it } from "vitest";
import {
  addToolEntry,
  buildPostPayload,
  changeJobType,
  createPostBodySchema,
  createPostDraftBodySchema,
  detailsStepSchema,
  editorDefaults,
  jobSetupStepSchema,
  licenceStepSchema,
  machinesStepSchema,
  mediaFileProblem,
  modelFileProblem,
  thumbnailFileProblem,
  toolEntrySchema,
  toolTableProblems,
  updateAttachmentsBodySchema,
  updatePostBodySchema,
  youtubeUrlsSchema,
  youtubeVideoId,
} from "@/lib/validation/post-authoring";
import { uploadRequestSchema } from "@/lib/validation/attachments";

const ID = "00000000-0000-4000-8000-000000000001";
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("step 1: details", () => {
  it("names each field's problem with the spec's message", () => {
    expect(
      messages(detailsStepSchema.safeParse({ title: "ab", description: "x", category: "", tags: [ID] })),
    ).toEqual([
      "Title must be at least 3 characters long",
      "Description must be at least 3 characters long",
      "Category must be selected",
      "At least two tags are required",
    ]);
    expect(
      detailsStepSchema.safeParse({ title: "Clock", description: "A clock", category: ID, tags: [ID, ID] })
        .success,
    ).toBe(true);
  });

  it("checks the thumbnail's size and type", () => {
    expect(thumbnailFileProblem({ name: "a.png", size: 0 })).toBe(
      "Upload a valid thumbnail (invalid file size)",
    );
    expect(thumbnailFileProblem({ name: "a.gif", size: 10 })).toBe(
      "Upload a valid thumbnail (invalid file type)",
    );
    expect(thumbnailFileProblem({ name: "a.WEBP", size: 10 })).toBeNull();
  });
});

describe("steps 2, 3 and 5: machines and files", () => {
  it("needs an original machine", () => {
    expect(messages(machinesStepSchema.safeParse({ originalMachine: "" }))).toEqual([
      "Original machine is required",
    ]);
  });

  it("accepts .gcode, .nc and .ngc models only", () => {
    expect(modelFileProblem({ name: "part.nc", size: 5 })).toBeNull();
    expect(modelFileProblem({ name: "part.tap", size: 5 })).toBe("Upload a valid model (invalid file type)");
    expect(modelFileProblem({ name: "part.ngc", size: 0 })).toBe("Upload a valid model (invalid file size)");
  });

  it("accepts images and design files as media", () => {
    for (const name of ["a.jpg", "a.svg", "a.crv3d", "a.f3d", "a.stl", "a.dxf"]) {
      expect(mediaFileProblem({ name, size: 1 })).toBeNull();
    }
    expect(mediaFileProblem({ name: "a.exe", size: 1 })).toBe("Upload a valid media (invalid file type)");
    expect(mediaFileProblem({ name: "a.pdf", size: 0 })).toBe("Upload a valid media (invalid file size)");
  });
});

describe("YouTube links", () => {
  it("recognises watch, shorts, embed, v and youtu.be links with an 11-character id", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/v/dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
    ]) {
      expect(youtubeVideoId(url)).toBe("dQw4w9WgXcQ");
    }
    expect(youtubeVideoId("https://youtu.be/short")).toBeNull();
    expect(youtubeVideoId("https://vimeo.com/watch?v=dQw4w9WgXcQ")).toBeNull();
  });

  it("ignores blank entries and refuses bad and repeated links with the spec's messages", () => {
    expect(youtubeUrlsSchema.parse(["  ", "https://youtu.be/dQw4w9WgXcQ"])).toEqual([
      "https://youtu.be/dQw4w9WgXcQ",
    ]);
    expect(messages(youtubeUrlsSchema.safeParse(["not a url"]))).toContain("Must be a valid URL");
    expect(messages(youtubeUrlsSchema.safeParse(["https://example.com/x"]))).toContain(
      "Must be a valid youtube shorts URL",
    );
    expect(
      messages(
        youtubeUrlsSchema.safeParse([
          "https://youtu.be/dQw4w9WgXcQ",
          "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        ]),
      ),
    ).toContain("YouTube URL cant be added twice.");
  });
});

describe("step 4: tools", () => {
  it("needs unit, a size in the unit's range and a bit type for an endmill; nothing more for a laser", () => {
    expect(messages(toolEntrySchema.safeParse({ modelId: ID }))).toEqual(["Tool type is required"]);
    expect(messages(toolEntrySchema.safeParse({ modelId: ID, laserOrEndmill: "Endmill" }))).toEqual([
      "Tool unit is required",
      "Tool size is required",
      "Tool bit type is required",
    ]);
    const endmill = { modelId: ID, laserOrEndmill: "Endmill", toolType: "V Bit" };
    expect(messages(toolEntrySchema.safeParse({ ...endmill, toolUnit: "inches", toolUsed: "abc" }))).toEqual([
      "Tool size must be a number",
    ]);
    expect(messages(toolEntrySchema.safeParse({ ...endmill, toolUnit: "inches", toolUsed: 10.5 }))).toEqual([
      "Invalid tool size for the selected unit",
    ]);
    expect(toolEntrySchema.safeParse({ ...endmill, toolUnit: "mm", toolUsed: 10.5 }).success).toBe(true);
    expect(toolEntrySchema.safeParse({ modelId: ID, laserOrEndmill: "Laser" }).success).toBe(true);
  });

  it("needs a tool for every model and one entry for a laser model", () => {
    expect(
      toolTableProblems(["a", "b"], [{ modelId: "a", laserOrEndmill: "Endmill" }]).map((p) => p.message),
    ).toEqual(["All models must have a tool assigned, switch models here to add tools"]);
    const twoLasers = [
      { modelId: "a", laserOrEndmill: "Laser" },
      { modelId: "a", laserOrEndmill: "Laser" },
    ];
    expect(toolTableProblems(["a"], twoLasers).map((p) => p.message)).toEqual([
      "Only one tool data can be added for laser type",
    ]);
  });

  it("lets a laser replace a model's tools, and an endmill replace its laser", () => {
    const endmills = [
      { modelId: "a", laserOrEndmill: "Endmill" },
      { modelId: "b", laserOrEndmill: "Endmill" },
    ];
    expect(addToolEntry(endmills, { modelId: "a", laserOrEndmill: "Laser" })).toEqual([
      { modelId: "b", laserOrEndmill: "Endmill" },
      { modelId: "a", laserOrEndmill: "Laser" },
    ]);
    expect(
      addToolEntry([{ modelId: "a", laserOrEndmill: "Laser" }], { modelId: "a", laserOrEndmill: "Endmill" }),
    ).toEqual([{ modelId: "a", laserOrEndmill: "Endmill" }]);
  });
});

describe("step 6 and 7: job setup and licence", () => {
  const job = {
    softwareUsed: "Vectric",
    materialUsed: "Wood (hard)",
    jobType: "Single Sided",
    units: "MM",
    zZeroPosition: "Material Surface",
    xyDatumPosition: "Lower Left",
    toolSetter: "Enabled",
    probeForZHeightCommand: "No",
    spindleSpeed: 18000,
    jobSizeWidth: 1,
    jobSizeHeight: 1,
    jobSizeThickness: 1,
  };

  it("asks for every choice with the spec's messages", () => {
    expect(messages(jobSetupStepSchema.safeParse({ spindleSpeed: 18000 }))).toEqual(
      expect.arrayContaining([
        "Please select the software used.",
        "Please select the material used.",
        "Please select a job type.",
        "Please select the units.",
        "Please select the Z zero position.",
        "Please select the XY datum position.",
        "Please select the tool setter.",
        "Please select the probe for Z height command.",
      ]),
    );
    expect(jobSetupStepSchema.safeParse(job).success).toBe(true);
  });

  it("keeps the spindle speed between 6000 and 24000 RPM", () => {
    expect(messages(jobSetupStepSchema.safeParse({ ...job, spindleSpeed: 5000 }))).toEqual([
      "Spindle speed must be at least 6000 RPM.",
    ]);
    expect(messages(jobSetupStepSchema.safeParse({ ...job, spindleSpeed: 30000 }))).toEqual([
      "Spindle speed must be at most 24000 RPM.",
    ]);
    expect(messages(jobSetupStepSchema.safeParse({ ...job, spindleSpeed: "fast" }))).toEqual([
      "Please enter a valid spindle speed.",
    ]);
  });

  it("asks for the sizes of the job type", () => {
    expect(messages(jobSetupStepSchema.safeParse({ ...job, jobSizeThickness: 0 }))).toEqual([
      "Job thickness must be a positive number.",
    ]);
    expect(
      messages(
        jobSetupStepSchema.safeParse({ ...job, jobSizeWidth: "", jobSizeHeight: -2, jobSizeThickness: "x" }),
      ),
    ).toEqual([
      "Job width must be a positive number.",
      "Job height must be a positive number.",
      "Job thickness must be a positive number.",
    ]);
    expect(messages(jobSetupStepSchema.safeParse({ ...job, jobType: "Rotary" }))).toEqual([
      "Job diameter must be a positive number.",
      "Job length must be a positive number.",
    ]);
  });

  it("needs a licence", () => {
    expect(messages(licenceStepSchema.safeParse({}))).toEqual(["Licence is required"]);
  });
});

describe("editor defaults, job type change and payload building", () => {
  it("fills what is missing when a post is loaded for edit, leaving empty what only the author can choose", () => {
    const flat = editorDefaults({});
    expect(flat).toMatchObject({
      softwareUsed: "",
      materialUsed: "",
      licenceType: "",
      jobType: "Single Sided",
      units: "",
      zZeroPosition: "Material Surface",
      xyDatumPosition: "Lower Left",
      toolSetter: "Enabled",
      probeForZHeightCommand: "No",
      spindleSpeed: 18000,
      jobSizeWidth: null,
      jobSizeHeight: null,
      jobSizeThickness: null,
      jobSizeDiameter: null,
    });
    // An empty choice is refused by its rule, so Next asks for it.
    expect(messages(jobSetupStepSchema.safeParse(flat))).toEqual(
      expect.arrayContaining(["Please select the software used.", "Please select the material used."]),
    );
    expect(messages(licenceStepSchema.safeParse(flat))).toEqual(["Licence is required"]);
    // A speed out of range is named with the missing choices, not after them.
    expect(messages(jobSetupStepSchema.safeParse({ ...flat, spindleSpeed: 30000 }))).toEqual(
      expect.arrayContaining([
        "Please select the software used.",
        "Spindle speed must be at most 24000 RPM.",
      ]),
    );
    expect(editorDefaults({ jobType: "Rotary" })).toMatchObject({
      jobSizeDiameter: 0.1,
      jobSizeLength: 0.1,
      jobSizeWidth: null,
    });
  });

  it("switches the sizes when the job type changes", () => {
    expect(changeJobType({ jobSizeWidth: 3 }, "Rotary")).toMatchObject({
      jobSizeWidth: null,
      jobSizeDiameter: 0.1,
      jobSizeLength: 0.1,
    });
    expect(changeJobType({ jobSizeDiameter: 3 }, "Tile")).toMatchObject({
      jobSizeWidth: 0.1,
      jobSizeHeight: 0.1,
      jobSizeThickness: 0.1,
      jobSizeDiameter: null,
    });
  });

  it("drops empty values, empty lists but supportedMachines, tool ids and the other job type's sizes", () => {
    expect(
      buildPostPayload({
        title: "Clock",
        description: "",
        category: undefined,
        tags: [],
        supportedMachines: [],
        jobType: "Rotary",
        jobSizeWidth: 2,
        jobSizeDiameter: 3,
        toolData: [{ _id: "t1", modelId: "m", laserOrEndmill: "Laser", toolUnit: null }],
      }),
    ).toEqual({
      title: "Clock",
      supportedMachines: [],
      jobType: "Rotary",
      jobSizeDiameter: 3,
      toolData: [{ modelId: "m", laserOrEndmill: "Laser" }],
    });
  });
});

describe("one rule per field on every call that writes it", () => {
  const fieldMessages = (body: Record<string, unknown>) => messages(updatePostBodySchema.safeParse(body));

  it("holds a save to the step's rule and message for each field it sends", () => {
    expect(fieldMessages({ title: "ab" })).toEqual(["Title must be at least 3 characters long"]);
    expect(fieldMessages({ description: " x " })).toEqual(["Description must be at least 3 characters long"]);
    expect(fieldMessages({ category: "" })).toEqual(["Category must be selected"]);
    expect(fieldMessages({ tags: [ID] })).toEqual(["At least two tags are required"]);
    expect(fieldMessages({ originalMachine: "" })).toEqual(["Original machine is required"]);
    expect(fieldMessages({ originalMachine: null })).toEqual(["Original machine is required"]);
    expect(fieldMessages({ licenceType: "" })).toEqual(["Licence is required"]);
    expect(fieldMessages({ softwareUsed: "", probeForZHeightCommand: null })).toEqual([
      "Please select the software used.",
      "Please select the probe for Z height command.",
    ]);
    expect(fieldMessages({ jobType: "Single Sided", jobSizeWidth: 0 })).toEqual([
      "Job width must be a positive number.",
    ]);
    expect(fieldMessages({ jobType: "Rotary", jobSizeDiameter: "0", jobSizeLength: -1 })).toEqual([
      "Job diameter must be a positive number.",
      "Job length must be a positive number.",
    ]);
    expect(fieldMessages({ spindleSpeed: 30000 })).toEqual(["Spindle speed must be at most 24000 RPM."]);
  });

  it("refuses a second laser entry of one model, as the wizard does", () => {
    const laser = { modelId: ID, laserOrEndmill: "Laser" };
    expect(fieldMessages({ toolData: [laser, laser] })).toEqual([
      "Only one tool data can be added for laser type",
    ]);
    expect(
      fieldMessages({ toolData: [laser, { modelId: ID.replace(/1$/, "2"), laserOrEndmill: "Laser" }] }),
    ).toEqual([]);
  });

  it("lets a draft leave fields out, and answers the same messages on create and createPost", () => {
    expect(updatePostBodySchema.safeParse({ currentPage: 3 }).success).toBe(true);
    expect(messages(createPostBodySchema.safeParse({ title: "ab", description: "A clock" }))).toEqual([
      "Title must be at least 3 characters long",
    ]);
    expect(
      messages(
        createPostDraftBodySchema.safeParse({
          title: "Clock",
          description: "A clock",
          category: "",
          tags: [],
        }),
      ),
    ).toEqual(["Category must be selected", "At least two tags are required"]);
  });

  it("reads step 1 as a form: tags repeated or as one JSON list, and the thumbnail file's rule", () => {
    const form = (thumbnail: File) => {
      const body = new FormData();
      body.append("title", "Walnut clock");
      body.append("description", "A clock");
      body.append("category", ID);
      body.append("tags", JSON.stringify([ID, ID]));
      body.append("thumbnail", thumbnail);
      return body;
    };
    const good = createPostDraftBodySchema.safeParse(form(new File(["x"], "clock.png")));
    expect(good.success && good.data.tags).toEqual([ID, ID]);
    expect(messages(createPostDraftBodySchema.safeParse(form(new File(["x"], "clock.gif"))))).toEqual([
      "Upload a valid thumbnail (invalid file type)",
    ]);
    expect(messages(createPostDraftBodySchema.safeParse(form(new File([], "clock.png"))))).toEqual([
      "Upload a valid thumbnail (invalid file size)",
    ]);
  });
});

describe("updateAttachments: the spec's names beside the project's", () => {
  const OTHER = ID.replace(/1$/, "2");

  it("takes an attachments list of { attachmentId } or { _id } and youtubeAttachments", () => {
    const parsed = updateAttachmentsBodySchema.parse({
      attachmentIds: [ID],
      attachments: [{ attachmentId: ID }, { _id: OTHER }],
      youtubeAttachments: ["https://youtu.be/dQw4w9WgXcQ", { url: "https://youtu.be/aqz-KE-bpKQ" }],
    });
    expect(parsed).toEqual({
      attachmentIds: [ID, OTHER],
      thumbnailId: undefined,
      youtubeUrls: ["https://youtu.be/dQw4w9WgXcQ", "https://youtu.be/aqz-KE-bpKQ"],
    });
  });

  it("reads them from a form body, and refuses an entry without an id or links sent twice", () => {
    const form = new FormData();
    form.append("attachments", JSON.stringify([{ _id: ID }]));
    form.append("youtubeAttachments", "https://youtu.be/dQw4w9WgXcQ");
    expect(updateAttachmentsBodySchema.parse(form)).toMatchObject({
      attachmentIds: [ID],
      youtubeUrls: ["https://youtu.be/dQw4w9WgXcQ"],
    });
    expect(messages(updateAttachmentsBodySchema.safeParse({ attachments: [{ fileName: "a.png" }] }))).toEqual(
      ["Each attachment needs its attachmentId or _id"],
    );
    expect(
      messages(updateAttachmentsBodySchema.safeParse({ youtubeUrls: [], youtubeAttachments: [] })),
    ).toEqual(["Send the YouTube links once, as youtubeUrls or as youtubeAttachments"]);
  });
});

describe("getPreSignedUploadUrl: each file's rule with the spec's messages", () => {
  const request = (category: string, fileName: string, fileSize: number) => ({
    parentId: ID,
    parentType: "post",
    category,
    fileName,
    fileHash: "a".repeat(64),
    fileSize,
    resourceType: "image",
  });
  const problems = (category: string, fileName: string, fileSize: number) =>
    uploadRequestSchema
      .safeParse(request(category, fileName, fileSize))
      .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

  it("answers the wizard's messages for thumbnails, models and media", () => {
    expect(problems("postThumbnail", "a.gif", 10)).toEqual([
      "fileName: Upload a valid thumbnail (invalid file type)",
    ]);
    expect(problems("postModel", "a.gcode", 0)).toEqual([
      "fileSize: Upload a valid model (invalid file size)",
    ]);
    expect(problems("postModel", "a.tap", 10)).toEqual([
      "fileName: Upload a valid model (invalid file type)",
    ]);
    expect(problems("postMedia", "setup.exe", 10)).toEqual([
      "fileName: Upload a valid media (invalid file type)",
    ]);
    expect(problems("postMedia", "a.png", 0)).toEqual(["fileSize: Upload a valid media (invalid file size)"]);
    expect(problems("postMedia", "design.crv3d", 10)).toEqual([]);
    expect(problems("postThumbnail", "a.svg", 10)).toEqual([]);
  });
});
