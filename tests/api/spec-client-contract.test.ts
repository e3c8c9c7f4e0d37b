import { createHash, randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { createCatalogue, createCategory, unique } from "../support/factories";
import { extractOtp, waitForMail } from "../support/outbox";

/**
 * The authoring API as a client written from the accounts spec alone (§5 messages, §7 calls)
 * sees it: raw `fetch`, cookies kept by hand, bodies shaped as §7 describes (form data where it
 * says form data), and no knowledge of the project's typed client or its extra headers. Only the
 * catalogue and the category, which the spec gives no call to create, come from factories.
 */

interface Answer {
  status: number;
  body: {
    status: "success" | "error";
    data?: Record<string, unknown> & { post?: SpecPost };
    errorMessage?: string;
    issues?: { path: string; message: string }[];
  };
}

interface SpecPost {
  _id: string;
  title: string;
  visibility: string;
  thumbnail: string | null;
  attachments: { _id: string; category: string; resourceType: string; url: string | null }[];
}

class SpecClient {
  private readonly cookies = new Map<string, string>();
  /** A browser of its own: per-IP limits of other tests never reach it. */
  private readonly ip = `10.${[0, 0, 0].map(() => randomBytes(1)[0]! % 250).join(".")}`;

  async call(method: string, path: string, body?: FormData | Record<string, unknown>): Promise<Answer> {
    const baseUrl = inject("baseUrl");
    // What a browser sends by itself on a cross-origin-capable call: its Origin and its cookies.
    const headers: Record<string, string> = { origin: baseUrl, "x-forwarded-for": this.ip };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: (await response.json()) as Answer["body"] };
  }
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const text = (value: string) => new TextEncoder().encode(value);

/** A 1x1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  ),
);
const GCODE = text(
  "G21\nG90\nG0 Z5\nG0 X0 Y0\nG1 Z-1 F300 S18000 M3\nG1 X10 Y0 F800\nG1 X10 Y10\nG0 Z5\nM5\nM2\n",
);

/** The 400 answer of a call with one bad field: the spec's text in errorMessage and in issues. */
function expectRefused(answer: Answer, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ status: "error", errorMessage: message });
  expect(answer.body.issues?.map((issue) => issue.message)).toEqual([message]);
}

/** Signs up with form data (§7), reads the code from the outbox and verifies it. */
async function registerVerified(client: SpecClient, email: string) {
  const { brand, model, variants } = await createCatalogue();
  const form = new FormData();
  form.append("email", email);
  form.append("password", "spec client password");
  form.append("username", `s${unique()}`);
  form.append("firstname", "Spec");
  form.append("lastname", "Client");
  form.append("cncBrand", brand.id);
  form.append("cncModel", model.id);
  for (const variant of variants) form.append("cncVariant", variant.id);
  form.append("locatedAt", "Yet to be collected");
  const registered = await client.call("POST", "/api/v1/auth/register", form);
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const mail = await waitForMail(
    inject("outboxDir"),
    (message) => message.to === email && message.kind === "otp",
  );
  const verified = await client.call("POST", "/api/v1/auth/validateOtp", { otp: extractOtp(mail) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { variants };
}

/** Asks for one signed upload URL (§7): the attachments list of one file. */
function presign(
  client: SpecClient,
  postId: string,
  file: { category: string; resourceType: string; fileName: string; bytes: Uint8Array<ArrayBuffer> },
) {
  return client.call("POST", "/api/v1/attachment/getPreSignedUploadUrl", {
    attachments: [
      {
        parentId: postId,
        parentType: "post",
        category: file.category,
        fileName: file.fileName,
        fileHash: sha256(file.bytes),
        fileSize: file.bytes.byteLength,
        resourceType: file.resourceType,
      },
    ],
  });
}

/** Presign, then PUT the bytes to the signed URL with the file's own content type. */
async function uploadFile(
  client: SpecClient,
  postId: string,
  file: {
    category: string;
    resourceType: string;
    fileName: string;
    bytes: Uint8Array<ArrayBuffer>;
    contentType: string;
  },
): Promise<string> {
  const signed = await presign(client, postId, file);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const [target] = signed.body.data!.attachments as {
    fileHash: string;
    signedUrl: string;
    attachmentId: string;
  }[];
  expect(target!.fileHash).toBe(sha256(file.bytes));
  const put = await fetch(target!.signedUrl, {
    method: "PUT",
    headers: { "content-type": file.contentType },
    body: file.bytes,
  });
  expect(put.status, `PUT ${file.fileName} as ${file.contentType}: ${await put.text()}`).toBeLessThan(300);
  return target!.attachmentId;
}

describe("a client written from the accounts spec (§5, §7)", () => {
  it("registers, authors a project step by step, submits it; staff approve and a visitor finds it", async () => {
    const author = new SpecClient();
    const { variants } = await registerVerified(author, `spec-author-${unique()}@example.com`);
    const category = await createCategory();
    const token = `spec${unique()}`;

    // Tags: POST /api/v1/tag/create {name, type}.
    const tagIds: string[] = [];
    for (const name of [`${token}-walnut`, `${token}-clock`]) {
      const tag = await author.call("POST", "/api/v1/tag/create", { name, type: "post" });
      expect(tag.status, JSON.stringify(tag.body)).toBe(201);
      tagIds.push((tag.body.data!.tag as { _id: string })._id);
    }

    // Step 1: createPost with the basic details and the thumbnail file.
    const step1 = (title: string, thumbnail: File) => {
      const form = new FormData();
      form.append("title", title);
      form.append("description", "A wall clock with v-carved numbers");
      form.append("category", category.id);
      for (const tagId of tagIds) form.append("tags", tagId);
      form.append("thumbnail", thumbnail);
      return form;
    };
    const thumbnail = new File([PNG], "clock.png", { type: "image/png" });
    expectRefused(
      await author.call("POST", "/api/v1/post/createPost", step1("ab", thumbnail)),
      "Title must be at least 3 characters long",
    );
    expectRefused(
      await author.call(
        "POST",
        "/api/v1/post/createPost",
        step1(`Clock ${token}`, new File([PNG], "clock.gif", { type: "image/gif" })),
      ),
      "Upload a valid thumbnail (invalid file type)",
    );
    const created = await author.call(
      "POST",
      "/api/v1/post/createPost",
      step1(`Walnut clock ${token}`, thumbnail),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.data!.post!._id;
    expect(created.body.data!.post!.thumbnail).toMatch(/^http/);
    const update = (data: Record<string, unknown>) =>
      author.call("PATCH", `/api/v1/post/updatePost/${postId}`, data);

    // A save is held to the same rule as createPost.
    expectRefused(await update({ title: "ab", currentPage: 2 }), "Title must be at least 3 characters long");

    // Step 2: machines.
    expectRefused(await update({ originalMachine: "", currentPage: 3 }), "Original machine is required");
    const machines = await update({
      originalMachine: variants[0]!.id,
      supportedMachines: variants.map((variant) => variant.id),
      currentPage: 3,
    });
    expect(machines.status, JSON.stringify(machines.body)).toBe(200);

    // Step 3: the model, presigned, PUT as text/plain (what many systems call a .gcode file).
    expectRefused(
      await presign(author, postId, {
        category: "postModel",
        resourceType: "model",
        fileName: "empty.gcode",
        bytes: new Uint8Array(0),
      }),
      "Upload a valid model (invalid file size)",
    );
    expectRefused(
      await presign(author, postId, {
        category: "postModel",
        resourceType: "model",
        fileName: "clock.stl",
        bytes: GCODE,
      }),
      "Upload a valid model (invalid file type)",
    );
    const modelId = await uploadFile(author, postId, {
      category: "postModel",
      resourceType: "model",
      fileName: "clock.gcode",
      bytes: GCODE,
      contentType: "text/plain",
    });
    // updateAttachments with a form body (§7), the list as `attachments`.
    const modelForm = new FormData();
    modelForm.append("attachments", JSON.stringify([{ attachmentId: modelId }]));
    const confirmedModel = await author.call(
      "PUT",
      `/api/v1/post/updateAttachments/${postId}?currentPage=4`,
      modelForm,
    );
    expect(confirmedModel.status, JSON.stringify(confirmedModel.body)).toBe(200);
    expect(confirmedModel.body.data!.post!.attachments.map((file) => file._id)).toContain(modelId);

    // Step 4: the tool table.
    expectRefused(
      await update({
        toolData: [
          { modelId, laserOrEndmill: "Laser" },
          { modelId, laserOrEndmill: "Laser" },
        ],
        currentPage: 5,
      }),
      "Only one tool data can be added for laser type",
    );
    const tools = await update({
      toolData: [
        { modelId, laserOrEndmill: "Endmill", toolUnit: "mm", toolUsed: 3.175, toolType: "Upcut Endmill" },
      ],
      currentPage: 5,
    });
    expect(tools.status, JSON.stringify(tools.body)).toBe(200);

    // Step 5: a photo and YouTube links.
    expectRefused(
      await presign(author, postId, {
        category: "postMedia",
        resourceType: "other",
        fileName: "setup.exe",
        bytes: text("MZ"),
      }),
      "Upload a valid media (invalid file type)",
    );
    const photoId = await uploadFile(author, postId, {
      category: "postMedia",
      resourceType: "image",
      fileName: "photo.png",
      bytes: PNG,
      contentType: "image/png",
    });
    const mediaForm = new FormData();
    mediaForm.append("attachments", JSON.stringify([{ _id: photoId }]));
    mediaForm.append("youtubeAttachments", "https://youtu.be/dQw4w9WgXcQ");
    const confirmedMedia = await author.call(
      "PUT",
      `/api/v1/post/updateAttachments/${postId}?currentPage=6`,
      mediaForm,
    );
    expect(confirmedMedia.status, JSON.stringify(confirmedMedia.body)).toBe(200);
    expectRefused(
      await update({ youtubeAttachments: ["https://example.com/watch?v=dQw4w9WgXcQ"] }),
      "Must be a valid youtube shorts URL",
    );
    const links = await update({
      youtubeAttachments: ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/shorts/aqz-KE-bpKQ"],
      currentPage: 6,
    });
    expect(links.status, JSON.stringify(links.body)).toBe(200);
    const youtube = links.body.data!.post!.attachments.filter((file) => file.resourceType === "youtube");
    expect(youtube.map((file) => file.url)).toEqual([
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/aqz-KE-bpKQ",
    ]);

    // Step 6: job setup, each field's own message.
    const job = {
      softwareUsed: "Vectric",
      materialUsed: "Wood (hard)",
      jobType: "Single Sided",
      units: "Inches",
      jobSizeWidth: 12,
      jobSizeHeight: 12,
      jobSizeThickness: 0.75,
      zZeroPosition: "Material Surface",
      xyDatumPosition: "Lower Left",
      toolSetter: "Enabled",
      probeForZHeightCommand: "No",
      spindleSpeed: 18000,
    };
    const emptyChoices: [keyof typeof job, string][] = [
      ["softwareUsed", "Please select the software used."],
      ["materialUsed", "Please select the material used."],
      ["jobType", "Please select a job type."],
      ["units", "Please select the units."],
      ["zZeroPosition", "Please select the Z zero position."],
      ["xyDatumPosition", "Please select the XY datum position."],
      ["toolSetter", "Please select the tool setter."],
      ["probeForZHeightCommand", "Please select the probe for Z height command."],
    ];
    for (const [field, message] of emptyChoices) {
      expectRefused(await update({ ...job, [field]: "", currentPage: 7 }), message);
    }
    expectRefused(
      await update({ ...job, jobSizeWidth: 0, currentPage: 7 }),
      "Job width must be a positive number.",
    );
    const rotary = { ...job, jobType: "Rotary", jobSizeDiameter: 0, jobSizeLength: 10 } as Record<
      string,
      unknown
    >;
    delete rotary.jobSizeWidth;
    delete rotary.jobSizeHeight;
    delete rotary.jobSizeThickness;
    expectRefused(await update({ ...rotary, currentPage: 7 }), "Job diameter must be a positive number.");
    expectRefused(
      await update({ ...job, spindleSpeed: 5000, currentPage: 7 }),
      "Spindle speed must be at least 6000 RPM.",
    );
    const jobSaved = await update({ ...job, currentPage: 7 });
    expect(jobSaved.status, JSON.stringify(jobSaved.body)).toBe(200);

    // Step 7: licence.
    expectRefused(await update({ licenceType: "", currentPage: 8 }), "Licence is required");
    const licence = await update({ licenceType: "by-sa", currentPage: 7 });
    expect(licence.status, JSON.stringify(licence.body)).toBe(200);

    // Step 8: submit.
    const submitted = await update({ currentPage: 8 });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data!.post!.visibility).toBe("private");

    // Not listed before review.
    const visitor = new SpecClient();
    const before = await visitor.call("GET", `/api/v1/post?searchQuery=${token}`);
    expect((before.body.data!.posts as { _id: string }[]).map((post) => post._id)).not.toContain(postId);

    // Staff (a verified account under the company domain) approve it (docs/review.md).
    const staff = new SpecClient();
    await registerVerified(staff, `spec-staff-${unique()}@onefinitycnc.com`);
    const approved = await staff.call("POST", `/api/v1/review/approve/${postId}`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // A visitor finds it in the listing and opens it.
    const after = await visitor.call("GET", `/api/v1/post?searchQuery=${token}`);
    expect(after.status).toBe(200);
    expect((after.body.data!.posts as { _id: string }[]).map((post) => post._id)).toContain(postId);
    const page = await visitor.call("GET", `/api/v1/post/${postId}`);
    expect(page.status).toBe(200);
    expect(page.body.data!.post!.visibility).toBe("public");
  });

  it("answers the spec's messages to the same bad fields on `create` as on `updatePost`", async () => {
    const author = new SpecClient();
    await registerVerified(author, `spec-create-${unique()}@example.com`);
    const base = { title: `Sign ${unique()}`, description: "A carved sign" };
    expectRefused(
      await author.call("POST", "/api/v1/post/create", { ...base, title: "ab" }),
      "Title must be at least 3 characters long",
    );
    expectRefused(
      await author.call("POST", "/api/v1/post/create", { ...base, licenceType: "" }),
      "Licence is required",
    );
    expectRefused(
      await author.call("POST", "/api/v1/post/create", { ...base, originalMachine: "" }),
      "Original machine is required",
    );
    expectRefused(
      await author.call("POST", "/api/v1/post/create", { ...base, jobType: "Rotary", jobSizeDiameter: 0 }),
      "Job diameter must be a positive number.",
    );
    const created = await author.call("POST", "/api/v1/post/create", base);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.data!.post!._id;
    expectRefused(
      await presign(author, postId, {
        category: "postThumbnail",
        resourceType: "image",
        fileName: "sign.gif",
        bytes: PNG,
      }),
      "Upload a valid thumbnail (invalid file type)",
    );
    expectRefused(
      await presign(author, postId, {
        category: "postMedia",
        resourceType: "image",
        fileName: "empty.png",
        bytes: new Uint8Array(0),
      }),
      "Upload a valid media (invalid file size)",
    );
  });
});
