import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signIn as login } from "./fixtures";

const MIKE = { email: "mike.donnelly@example.com", username: "maple_mike", fullName: "Mike Donnelly" };

/** The seeded post's id by its exact title (seeded ids are random). */
async function postIdByTitle(page: Page, title: string): Promise<string> {
  const response = await page.request.get("/api/v1/post/search/autoComplete", {
    params: { searchQuery: title },
  });
  const body = (await response.json()) as { data: { posts: { _id: string; title: string }[] } };
  const post = body.data.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`No seeded post titled ${title}`);
  return post._id;
}

/** A 1x1 PNG: real image bytes, as the server checks the file's signature after upload. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const PET_PORTRAIT = "Pet Portrait Raster on Basswood";
// Seeded without comments or makes, so the empty states show.
const SAMPLER = "Onefinity Coaster Sampler";

const carousel = (page: Page) => page.getByRole("region", { name: "Project files" });

test.describe("project page /model/{id}", () => {
  test("walks the carousel by keys, loads the 3D viewer only on its slide, and jumps from the tools table", async ({
    page,
  }) => {
    const id = await postIdByTitle(page, PET_PORTRAIT);
    await page.goto(`/model/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: PET_PORTRAIT })).toBeVisible();
    await expect(page.getByRole("link", { name: "@laser_lena" })).toHaveAttribute("href", "/laser_lena");
    await expect(page.getByRole("heading", { name: "Project Details" })).toBeVisible();
    for (const section of [
      "Tool and Job Details",
      "Job Settings",
      "CNC Machine Details",
      "Machine Created On",
      "License Details",
      "# Hashtags",
    ]) {
      await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: /^Supported Machines \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "G-code Analysis" })).toBeVisible();

    const files = carousel(page);
    // Thumbnail, model, video.
    await expect(files.getByText("1/3")).toBeVisible();
    await expect(files.getByText("basswood-pet-portrait.webp")).toBeVisible();
    await expect(files.getByRole("img", { name: `Toolpath preview of ${PET_PORTRAIT}` })).toBeVisible();
    await expect(page.getByTestId("gcode-viewer")).toHaveCount(0);
    const onlyModelTools = page.getByRole("checkbox", { name: "Only tools of the model shown" });
    await expect(onlyModelTools).toBeDisabled();

    await page.keyboard.press("ArrowRight");
    await expect(files.getByText("2/3")).toBeVisible();
    await expect(files.getByText("basswood-pet-portrait.gcode")).toBeVisible();
    await expect(files.getByTestId("gcode-viewer").locator("canvas")).toBeVisible({ timeout: 60_000 });
    await expect(onlyModelTools).toBeEnabled();
    await onlyModelTools.check();
    await expect(page.getByRole("button", { name: "View model basswood-pet-portrait.gcode" })).toHaveCount(1);

    await page.keyboard.press("ArrowRight");
    await expect(files.getByText("3/3")).toBeVisible();
    const video = files.locator("iframe");
    await expect(video).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+$/);
    // No file name on a video slide, and the viewer is gone with its slide.
    await expect(files.getByText("basswood-pet-portrait", { exact: false })).toHaveCount(0);
    await expect(page.getByTestId("gcode-viewer")).toHaveCount(0);
    await expect(onlyModelTools).toBeDisabled();

    await page.keyboard.press("ArrowRight");
    await expect(files.getByText("1/3")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(files.getByText("3/3")).toBeVisible();
    await files.getByRole("button", { name: "Show file 1" }).click();
    await expect(files.getByText("1/3")).toBeVisible();
    await files.getByRole("button", { name: "Next file" }).click();
    await expect(files.getByText("2/3")).toBeVisible();
    await files.getByRole("button", { name: "Previous file" }).click();
    await expect(files.getByText("1/3")).toBeVisible();

    // A tools row jumps the carousel to its model.
    await page.getByRole("button", { name: "View model basswood-pet-portrait.gcode" }).click();
    await expect(files.getByText("2/3")).toBeVisible();
  });

  test("shows SVG, design files and other media as the spec says", async ({ page }) => {
    const id = await postIdByTitle(page, SAMPLER);
    await login(page, "official@onefinitycnc.com");
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Sampler badge</title><rect width="10" height="10"/></svg>';
    const files = [
      { fileName: "sampler-badge.svg", resourceType: "image", contentType: "image/svg+xml", body: svg },
      {
        fileName: "sampler.crv",
        resourceType: "other",
        contentType: "application/octet-stream",
        body: "CRV",
      },
      {
        fileName: "sampler-notes.pdf",
        resourceType: "other",
        contentType: "application/pdf",
        body: "%PDF-1.4",
      },
    ] as const;
    // The upload flow of the authoring wizard: signed URLs, a PUT per file, confirm.
    const origin = { origin: process.env.E2E_BASE_URL ?? "" };
    const slots = await page.request.post("/api/v1/attachment/getPreSignedUploadUrl", {
      headers: origin,
      data: {
        attachments: files.map((file) => ({
          parentId: id,
          parentType: "post",
          category: "postMedia",
          fileName: file.fileName,
          fileHash: createHash("sha256").update(file.body).digest("hex"),
          fileSize: Buffer.byteLength(file.body),
          resourceType: file.resourceType,
        })),
      },
    });
    expect(slots.status()).toBe(200);
    const { attachments } = (
      (await slots.json()) as {
        data: { attachments: { signedUrl: string; attachmentId: string }[] };
      }
    ).data;
    for (const [index, slot] of attachments.entries()) {
      const file = files[index];
      if (!file) throw new Error("more slots than files");
      const put = await page.request.put(slot.signedUrl, {
        data: Buffer.from(file.body),
        headers: { "content-type": file.contentType },
      });
      expect(put.ok()).toBe(true);
    }
    const confirmed = await page.request.post("/api/v1/attachment/confirmUploads", {
      headers: origin,
      data: { attachmentIds: attachments.map((slot) => slot.attachmentId) },
    });
    expect(confirmed.status()).toBe(200);

    await page.context().clearCookies();
    await page.goto(`/model/${id}`);
    const slides = carousel(page);
    // The three new files are on the page before the slides are counted.
    await expect(slides.getByRole("button", { name: /^Show file \d+$/ }).first()).toBeVisible();
    const total = await slides.getByRole("button", { name: /^Show file \d+$/ }).count();
    const show = async (fileName: string) => {
      for (let dot = 1; dot <= total; dot++) {
        // A click before hydration is lost: click until the counter says the slide is shown.
        await expect(async () => {
          await slides.getByRole("button", { name: `Show file ${dot}`, exact: true }).click();
          await expect(slides.getByText(`${dot}/${total}`, { exact: true })).toBeVisible({ timeout: 1000 });
        }).toPass();
        if (await slides.getByText(fileName, { exact: true }).isVisible()) return;
      }
      throw new Error(`No slide shows ${fileName}`);
    };
    await show("sampler-badge.svg");
    await expect(slides.getByRole("img", { name: "sampler-badge.svg" })).toHaveAttribute("src", /^blob:/);
    await show("sampler.crv");
    await expect(slides.getByRole("link", { name: "Get Vectric VCarve" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.vectric\.com\//,
    );
    await show("sampler-notes.pdf");
    await expect(slides.getByText("This media format cannot be displayed here")).toBeVisible();
  });

  test("serves metadata for link previews and search engines", async ({ page }) => {
    const id = await postIdByTitle(page, PET_PORTRAIT);
    // Crawlers get the metadata in <head> (browsers may get it streamed).
    const response = await page.request.get(`/model/${id}`, { headers: { "user-agent": "Twitterbot/1.0" } });
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<title>${PET_PORTRAIT}`);
    expect(head).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/model/${id}"`));
    const ogImage = head.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    // A stable address (signed URLs expire), which redirects to the image.
    expect(ogImage).toMatch(new RegExp(`^https?://[^/]+/model/${id}/thumbnail$`));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"');
    const image = await page.request.get(`/model/${id}/thumbnail`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);

    await page.goto(`/model/${id}`);
    // The project's own graph; a BreadcrumbList comes beside it (docs/seo.md).
    const graphs = await page.locator('script[type="application/ld+json"]').allTextContents();
    const jsonLd = JSON.parse(graphs.find((text) => text.includes('"CreativeWork"')) ?? "{}") as {
      "@type": string;
      name: string;
      author: { name: string };
    };
    expect(jsonLd["@type"]).toBe("CreativeWork");
    expect(jsonLd.name).toBe(PET_PORTRAIT);
    expect(jsonLd.author.name).toBe("laser_lena");
  });

  test("downloads one file and all files, and counts the download", async ({ page }) => {
    const id = await postIdByTitle(page, PET_PORTRAIT);
    await page.goto(`/model/${id}`);
    await page.getByRole("button", { name: /^Download \(average 0 downloads per file\)$/ }).click();
    const dialog = page.getByRole("dialog", { name: "Download" });
    // Thumbnail and model are listed; the zip bundle and the video link are not.
    await expect(dialog.getByRole("row")).toHaveCount(3);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download basswood-pet-portrait.gcode" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("basswood-pet-portrait.gcode");
    expect(readFileSync(await download.path(), "utf8")).toMatch(/^[GMS;(%]/m);

    const [bundle] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download All" }).click(),
    ]);
    expect(bundle.suggestedFilename()).toMatch(/\.zip$/);
    expect(
      readFileSync(await bundle.path())
        .subarray(0, 2)
        .toString("latin1"),
    ).toBe("PK");

    // One download over the two listed files: the average badge reads 0.5 after a reload, within
    // the few seconds a visitor's cached page may lag on counters (ADR 017).
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole("button", { name: /^Download \(average 0\.5 downloads per file\)$/ }),
      ).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  });

  test("shares: social links and copy with 'Copied!'", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const id = await postIdByTitle(page, PET_PORTRAIT);
    await page.goto(`/model/${id}`);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Share this project" });
    const url = `${baseURL}/model/${id}`;
    await expect(dialog.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    await expect(dialog.getByRole("link", { name: "Share on X" })).toHaveAttribute(
      "href",
      new RegExp(`^https://x\\.com/intent/post\\?url=${encodeURIComponent(url).replace(/\./g, "\\.")}`),
    );
    await expect(dialog.getByRole("textbox", { name: "Project link" })).toHaveValue(url);

    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
    await expect(page.getByText("Copied URL to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // The indicator goes back after its 2000 ms.
    await expect(dialog.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
  });

  test("comments: signed out is pointed to log in; signed in posts, sees it and deletes it", async ({
    page,
  }) => {
    const id = await postIdByTitle(page, SAMPLER);
    await page.goto(`/model/${id}`);
    await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
    await expect(page.getByText("Comments Not Found!")).toBeVisible();
    await expect(page.getByText("your thoughts could lead the way")).toBeVisible();
    await expect(page.getByText("Whoops! You’re Missing out..")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload Make" })).toHaveCount(0);
    await page.getByRole("button", { name: "Login to Comment" }).click();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    await page.keyboard.press("Escape");

    await login(page, MIKE.email);
    await page.reload();
    await expect(page.getByRole("link", { name: `@${MIKE.username}` }).first()).toBeVisible();
    const post = page.getByRole("button", { name: "Post", exact: true });
    // A click before hydration is lost: click until the editor answers.
    await expect(async () => {
      await post.click();
      await expect(page.getByText("Comment can't be empty")).toBeVisible({ timeout: 1000 });
    }).toPass();

    const editor = page.getByRole("textbox", { name: "Write a comment" });
    await editor.click();
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Cut it twice");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" <b>not html</b>");
    await post.click();

    const item = page.getByRole("article", { name: `Comment by ${MIKE.fullName}` });
    await expect(item).toBeVisible();
    await expect(item.locator(".font-semibold", { hasText: "Cut it twice" })).toBeVisible();
    // Typed markup stays text.
    await expect(item.getByText("<b>not html</b>", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();

    // Stored, not just shown: it survives a reload.
    await page.reload();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "Delete comment" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete comment" });
    await expect(confirm.getByText("Are you sure you want to delete?")).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByText("Comments Not Found!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
  });

  test("makes: uploads a make with photos and ratings, then deletes it", async ({ page }) => {
    const id = await postIdByTitle(page, SAMPLER);
    await login(page, MIKE.email);
    await page.goto(`/model/${id}`);
    await expect(page.getByText("No Makes Yet")).toBeVisible();
    await expect(page.getByText("Be the first to share your experience with this project!")).toBeVisible();

    await page.getByRole("button", { name: "Upload Make" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Make" });
    const publish = dialog.getByRole("button", { name: "Publish" });
    await expect(publish).toBeDisabled();
    // The first owned machine is preselected.
    await expect(dialog.getByLabel("Machine")).not.toHaveValue("");

    const images = dialog.getByLabel("Images");
    await images.setInputFiles({ name: "cut.gif", mimeType: "image/gif", buffer: PNG_1X1 });
    await expect(
      dialog.getByText("Only .jpg, .jpeg, .png and .webp formats are supported.", { exact: true }),
    ).toBeVisible();
    await images.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(dialog.getByText("File size should be less than 5MB.", { exact: true })).toBeVisible();
    await images.setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: PNG_1X1 },
      { name: "back.png", mimeType: "image/png", buffer: PNG_1X1 },
    ]);
    await expect(dialog.getByText("front.png")).toBeVisible();
    await expect(dialog.getByText("back.png")).toBeVisible();

    await dialog.getByRole("radio", { name: "No", exact: true }).check();
    await expect(dialog.getByText("Skip the rest (no rating allowed)")).toBeVisible();
    await expect(dialog.getByRole("radiogroup", { name: "Cut Quality" })).toHaveCount(0);
    await dialog.getByRole("radio", { name: "Yes", exact: true }).check();
    await expect(publish).toBeDisabled();
    // The disabled button says why.
    await expect(
      dialog.getByText(/^To publish: (Ratings are required|All rating criteria|Please rate)/),
    ).toBeVisible();
    const stars = { "Cut Expectation": 4, "Cut Quality": 4, "Correct File Information": 5, "Cool Factor": 5 };
    for (const [criterion, value] of Object.entries(stars)) {
      await dialog
        .getByRole("radiogroup", { name: criterion })
        .getByRole("radio", { name: `${value} stars` })
        .click();
    }
    await dialog.getByLabel("Caption").fill("Cut on my Woodworker in one evening");
    await expect(publish).toBeEnabled();
    await expect(dialog.getByText(/^To publish:/)).toHaveCount(0);
    await publish.click();
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });

    const make = page.getByRole("listitem").filter({ hasText: "Cut on my Woodworker in one evening" });
    await expect(make).toBeVisible();
    await expect(make.getByRole("img", { name: /^Make photo / })).toHaveCount(2);
    // 0.25 * 4 + 0.25 * 4 + 0.2 * 5 + 0.3 * 5
    await expect(make.getByText("4.5", { exact: true })).toBeVisible();
    await expect(make.getByRole("img", { name: "Cool Factor: 5 of 5" })).toBeVisible();

    await make.getByRole("button", { name: "Delete make" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete make" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Make deleted successfully")).toBeVisible();
    await expect(page.getByText("No Makes Yet")).toBeVisible();
  });

  test("not found: unknown ids, and a post pending review for anyone but its owner", async ({ page }) => {
    for (const path of ["/model/00000000-0000-4000-8000-000000000000", "/model/not-an-id"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
    }

    // Pending review (private): its owner sees it with the banner, a visitor gets not-found.
    await login(page, "gus.lindqvist@example.com");
    // Suggestions list public posts only: find it among the owner's posts.
    const own = (await (await page.request.get("/api/v1/post/getPostsByUsername/grain_gus")).json()) as {
      data: { posts: { _id: string; title: string; visibility: string }[] };
    };
    const id = own.data.posts.find(
      (candidate) => candidate.title === "Aluminum Nameplate Pocket" && candidate.visibility === "private",
    )?._id;
    expect(id).toBeTruthy();
    await page.goto(`/model/${id}`);
    await expect(
      page.getByText("This project will not be visible to others until it is approved by the provider."),
    ).toBeVisible();
    await expect(page.getByText("Pending for Review")).toBeVisible();

    await page.context().clearCookies();
    await page.goto(`/model/${id}`);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    expect((await page.request.get(`/model/${id}/thumbnail`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a member's page load is the cached page, and the header still names them", async ({ page }) => {
    const id = await postIdByTitle(page, PET_PORTRAIT);
    await page.goto(`/model/${id}`);
    await login(page, MIKE.email);
    // The same HTML as a visitor's (ADR 019): the session is asked for after load.
    const answer = await page.goto(`/model/${id}`);
    expect(answer?.headers()["x-nextjs-cache"]).toBe("HIT");
    await expect(page.getByRole("link", { name: "My Files" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upload Make" })).toBeVisible();
    // A client-side navigation renders per request, as the member: the header stays theirs.
    await page.getByRole("link", { name: /^@/ }).first().click();
    await expect(page).toHaveURL(/\/[a-z_]+$/);
    await expect(page.getByRole("link", { name: "My Files" })).toBeVisible();

    // Signed out again, the hint goes with the session: 'Log in' shows at once.
    await page.context().clearCookies({ name: "access_token" });
    await page.context().clearCookies({ name: "refresh_token" });
    await page.goto(`/model/${id}`);
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("signed_in");
  });

  test("fits a phone screen without sideways scrolling", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await postIdByTitle(page, PET_PORTRAIT);
    await page.goto(`/model/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: PET_PORTRAIT })).toBeVisible();
    await expect(page.getByText("Comments Not Found!").or(page.getByRole("article").first())).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(carousel(page).getByTestId("gcode-viewer").locator("canvas")).toBeVisible({
      timeout: 60_000,
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await testInfo.attach("project-phone", {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  });
});
