import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, signIn, test } from "./fixtures";

/** A seeded, verified maker (scripts/seed/content/people.ts). */
const AUTHOR = { email: "mike.donnelly@example.com", username: "maple_mike" };
/** A seeded reviewer (a staff e-mail domain). */
const STAFF_EMAIL = "sam.whitaker@onefinitycnc.com";
// Real files from the shared corpus, read where they are (never copied into the repository).
const CORPUS = path.resolve(import.meta.dirname, "..", "..", "..", "shared", "gcode-corpus");
const ENDMILL_FILE = path.join(CORPUS, "s04-cncjs-calibration-N-numbers-G3-IJ.gcode");
const LASER_FILE = path.join(CORPUS, "m06-gsender-lightburn-g2-lens-laser-G91-M4.nc");
// A real PNG (the server checks pictures by their magic bytes): a walnut piece with a lens.
const PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <rect width="800" height="600" fill="#efe9df"/>
  <rect x="120" y="110" width="560" height="380" rx="36" fill="#8a5a36"/>
  <circle cx="400" cy="300" r="140" fill="none" stroke="#5b3820" stroke-width="18"/>
  <circle cx="400" cy="300" r="90" fill="none" stroke="#5b3820" stroke-width="12"/>
  <circle cx="400" cy="300" r="40" fill="#3f2313"/>
</svg>`;
let photo: Buffer | null = null;
async function photoPng(): Promise<Buffer> {
  photo ??= await sharp(Buffer.from(PHOTO_SVG)).png().toBuffer();
  return photo;
}
const PHONE = { width: 390, height: 844 };

/**
 * With AUTHORING_SCREENSHOTS=1 the journey also writes docs/screenshots/authoring-*.png (the
 * whole page, with the sticky header and footer where a person sees them).
 */
async function screenshot(page: Page, name: string) {
  if (process.env.AUTHORING_SCREENSHOTS !== "1") return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  // The pictures show the page, not the toasts over it.
  const hideToasts = (visibility: string) =>
    page.evaluate((value) => {
      for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]"))
        toaster.style.visibility = value;
    }, visibility);
  await hideToasts("hidden");
  await page.evaluate(() => document.fonts.ready);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: path.join("docs", "screenshots", `authoring-${name}.png`) });
  await page.setViewportSize(viewport);
  await hideToasts("");
}

/** Drops a file on a drop zone as a person drags it from the desktop. */
async function dropFile(page: Page, zoneText: string, filePath: string) {
  const content = readFileSync(filePath, "utf8");
  const dataTransfer = await page.evaluateHandle(
    ([name, text]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: "text/plain" }));
      return transfer;
    },
    [path.basename(filePath), content] as const,
  );
  await page.locator("label").filter({ hasText: zoneText }).dispatchEvent("drop", { dataTransfer });
}

test.describe("the project wizard", () => {
  test("Next on an empty first step names every problem", async ({ page, login }) => {
    await login(AUTHOR.email);
    await page.goto("/project/create");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Please fix the errors before continuing.")).toBeVisible();
    const main = page.getByRole("main");
    for (const message of [
      "Title must be at least 3 characters long",
      "Description must be at least 3 characters long",
      "Category must be selected",
      "At least two tags are required",
      "A post thumbnail is required",
    ]) {
      await expect(main.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    // The first field with a problem takes the focus, and nothing was created.
    await expect(page.getByLabel("Title")).toBeFocused();
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/project\/create$/);
    await screenshot(page, "1-details-errors-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "1-details-errors-phone");
  });

  test("an unverified maker is told to verify the e-mail first", async ({ page, login }) => {
    await login("noah.fischer@example.com");
    await page.goto("/project/create");
    await expect(
      page.getByRole("heading", { name: "Please verify your e-mail address first." }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
  });

  test("on a phone the wizard fits the screen", async ({ page, login }) => {
    await page.setViewportSize(PHONE);
    await login(AUTHOR.email);
    await page.goto("/project/create");
    await expect(page.getByRole("button", { name: "Next" })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Step 8: Post Status" })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("walking through a published project with Next leaves it published", async ({ page, login }) => {
    await login(AUTHOR.email);
    const answer = await page.request.get(
      `/api/v1/post/getPostsByUsername/${AUTHOR.username}?postType=published`,
    );
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { posts: { _id: string }[] } };
    const postId = data.posts[0]?._id;
    if (!postId) throw new Error(`${AUTHOR.username} has no published project in the seed`);

    await page.goto(`/project/edit/${postId}?page=1&edit=true`);
    const publishedNote = page.getByText(/This project is published\./);
    await expect(publishedNote).toBeVisible();
    // Unchanged steps send no fields, so the project is not taken back to review.
    for (const next of [2, 3]) {
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`page=${next}`), { timeout: 30_000 });
    }
    await page.reload();
    await expect(publishedNote).toBeVisible();
  });

  test("a maker creates a full project with two models, submits it and edits it again", async ({
    page,
    login,
    browser,
  }) => {
    test.setTimeout(180_000);
    await login(AUTHOR.email);
    const title = `Lens and calibration set ${Date.now().toString(36)}`;
    await page.goto("/");
    // The navigation's plus button leads to the wizard.
    await page
      .getByRole("link", { name: /upload project|new project|create/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/project\/create$/);

    // 1 Basic Details, with two tags made on the fly
    await page.getByLabel("Title").fill(title);
    await page
      .getByLabel("Description")
      .fill("A calibration piece cut with an endmill and a lens engraved by laser.");
    await page.getByLabel("Category").selectOption({ index: 1 });
    const tags = page.getByRole("combobox", { name: "Tags" });
    for (const tag of [`calibration${Date.now() % 1000}`, `lens${Date.now() % 1000}`]) {
      await tags.fill(tag);
      await tags.press("Enter");
      await expect(page.getByRole("button", { name: `Remove tag ${tag}` })).toBeVisible();
    }
    await expect(page.getByText("Tag created successfully").first()).toBeVisible();
    await page
      .getByLabel("Thumbnail")
      .setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: await photoPng() });
    await expect(page.getByText("Uploads with Next")).toBeVisible();
    await screenshot(page, "1-desktop");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/project\/edit\/[0-9a-f-]{36}\?page=2&edit=true/, { timeout: 30_000 });
    const postId = /edit\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    // 2 Supported Machines: the original machine is one variant
    const original = page.getByRole("region", { name: /Original machine/ });
    await original.getByRole("group", { name: "CNC Brand" }).getByRole("checkbox").first().check();
    await original.getByRole("group", { name: "CNC Model" }).getByRole("checkbox").first().check();
    await original.getByRole("group", { name: "CNC Variant" }).getByRole("checkbox").first().check();
    await screenshot(page, "2-desktop");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=3/);

    // 3 Models: two real corpus files, one picked and one dropped; picking a file twice keeps one entry
    await page.getByLabel("Models").setInputFiles([ENDMILL_FILE]);
    await dropFile(page, "Upload models", LASER_FILE);
    await page.getByLabel("Models").setInputFiles([ENDMILL_FILE]);
    await expect(page.getByText("Uploads with Next")).toHaveCount(2);
    await expect(page.getByRole("progressbar")).toHaveCount(2);
    await screenshot(page, "3-desktop");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(/^Models uploaded: /).first()).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/page=4/, { timeout: 60_000 });

    // 4 Tool mapping: an endmill for the first model, the laser for the second
    await expect(page.getByRole("heading", { name: "Model Tool Mapping" })).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(
      page.getByText("All models must have a tool assigned, switch models here to add tools"),
    ).toBeVisible();
    const modelSelect = page.getByLabel("Model", { exact: true });
    await modelSelect.selectOption({ label: `${path.basename(ENDMILL_FILE)} (no tool yet)` });
    await page.getByLabel("Endmill", { exact: true }).check();
    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByRole("cell", { name: "Upcut Endmill" })).toBeVisible();
    await modelSelect.selectOption({ label: `${path.basename(LASER_FILE)} (no tool yet)` });
    // The analysis found a laser job, so Laser is proposed.
    await expect(page.getByLabel("Laser", { exact: true })).toBeChecked();
    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByRole("cell", { name: "Laser" })).toBeVisible();
    // The one-laser-tool rule: a second laser entry is refused with the spec's warning.
    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByText("Only one tool data can be added for laser type")).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByTestId("gcode-dimensions")).toBeVisible({ timeout: 60_000 });
    await screenshot(page, "4-desktop");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=5/);

    // 5 Media: a photo and a video link
    await page
      .getByLabel("Photos and design files")
      .setInputFiles({ name: "finished.png", mimeType: "image/png", buffer: await photoPng() });
    await page.getByRole("textbox", { name: "YouTube link 1" }).fill("https://vimeo.com/123");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Must be a valid youtube shorts URL")).toBeVisible();
    await page.getByRole("textbox", { name: "YouTube link 1" }).fill("https://youtu.be/dQw4w9WgXcQ");
    await screenshot(page, "5-desktop");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=6/, { timeout: 30_000 });

    // 6 Job setup: units from the files (both G21), software and material left to the author,
    // and the job type rule
    await expect(page.getByLabel("Units")).toHaveValue("MM");
    await expect(page.getByLabel("Software used")).toHaveValue("");
    await expect(page.locator("#units-hint")).toContainText("From ");
    await screenshot(page, "6-from-files-desktop");
    await expect(page.getByLabel("Spindle speed (RPM)")).toHaveValue("18000");
    await page.getByLabel("Job type").selectOption("Rotary");
    await expect(page.getByLabel("Diameter (mm)")).toHaveValue("0.1");
    await expect(page.getByLabel("Width (mm)")).toHaveCount(0);
    await page.getByLabel("Job type").selectOption("Single Sided");
    await expect(page.getByLabel("Width (mm)")).toHaveValue("0.1");
    await page.getByLabel("Spindle speed (RPM)").fill("30000");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Spindle speed must be at most 24000 RPM.")).toBeVisible();
    await expect(page.getByText("Please select the software used.")).toBeVisible();
    await page.getByLabel("Spindle speed (RPM)").fill("16000");
    await page.getByLabel("Software used").selectOption("Fusion 360");
    await page.getByLabel("Material used").selectOption("Wood (hard)");
    // The real stock: millimetres, 150 x 150 x 12.
    await page.getByLabel("Width (mm)").fill("150");
    await page.getByLabel("Height (mm)").fill("150");
    await page.getByLabel("Thickness (mm)").fill("12");
    await screenshot(page, "6-desktop");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=7/);

    // 7 Licence
    await page.getByLabel("Attribution - Share Alike", { exact: true }).check();
    await screenshot(page, "7-desktop");
    await page.getByRole("button", { name: "Next" }).click();

    // 8 The pre-flight check before submitting, then Submit for review
    await expect(page.getByRole("heading", { name: "Ready to submit?" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: /^Fix in step \d/ }).first()).toBeVisible();
    await screenshot(page, "8-review-desktop");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Congratulations!! Project has been submitted for Review")).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText("Your project will be published once the review is done.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Done" })).toHaveAttribute("href", `/model/${postId}`);
    // The pre-flight report of each model, computed on upload and again with the tools and job setup.
    await expect(page.getByRole("heading", { name: "Pre-flight check" })).toBeVisible();
    await expect(page.getByText(`Pre-flight warnings for ${path.basename(ENDMILL_FILE)}`)).toBeVisible();
    await screenshot(page, "8-desktop");

    // The profile's Pending for Review tab lists it
    await page.goto(`/${AUTHOR.username}?view=userPosts&postType=private`);
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("Pending for Review")).toBeVisible();

    // ... and it opens again in the wizard with what was saved
    await page.goto(`/project/edit/${postId}?page=1&edit=true`);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    // Each model's toolpath picture is offered as the thumbnail; choosing one makes it current.
    const toolpathChoice = page.getByRole("radio", {
      name: `${path.basename(ENDMILL_FILE)} (toolpath).webp`,
    });
    await expect(page.getByRole("radio", { name: /\(toolpath\)\.webp$/ })).toHaveCount(2);
    // The radio is visually hidden inside its picture's label: choose it as a person does.
    await page.locator("label", { has: toolpathChoice }).click();
    await expect(toolpathChoice).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/, { timeout: 30_000 });
    await page.getByRole("button", { name: /^Step 1: Basic Details/ }).click();
    await expect(page.getByRole("radio", { name: "thumb.png" })).toBeVisible();
    await expect(toolpathChoice).toHaveCount(0);
    // That Next saved currentPage 2 (step + 1), so the later dots no longer say "(saved)".
    await page.getByRole("button", { name: /^Step 4: Model Tool Mapping/ }).click();
    await expect(page).toHaveURL(/page=4/);
    await expect(
      page.getByRole("cell", { name: "Laser" }).or(page.getByRole("cell", { name: "Upcut Endmill" })),
    ).toBeVisible();
    await page.getByRole("button", { name: /^Step 6: Job Setup Details/ }).click();
    await expect(page.getByLabel("Spindle speed (RPM)")).toHaveValue("16000");
    // Submit from any step in edit mode: saved, then submitted again from step 8.
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page).toHaveURL(/page=8/);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Congratulations!! Project has been submitted for Review")).toBeVisible({
      timeout: 30_000,
    });

    // A reviewer sends it back: the author sees why in the wizard until the next submit.
    const reason = `Please show the lens from above (${Date.now().toString(36)}).`;
    const staff = await browser.newContext();
    const staffPage = await staff.newPage();
    await signIn(staffPage, STAFF_EMAIL);
    const rejected = await staffPage.request.post(`/api/v1/review/reject/${postId}`, {
      data: { reason },
      headers: { origin: process.env.E2E_BASE_URL ?? "" },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await staff.close();
    await page.goto(`/project/edit/${postId}?page=1&edit=true`);
    const notice = page.getByRole("region", { name: "A reviewer sent this project back" });
    await expect(notice).toContainText(reason);
    await screenshot(page, "review-reason-desktop");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Congratulations!! Project has been submitted for Review")).toBeVisible({
      timeout: 30_000,
    });
    await expect(notice).toHaveCount(0);

    if (process.env.AUTHORING_SCREENSHOTS === "1") {
      await page.setViewportSize(PHONE);
      for (let step = 1; step <= 8; step++) {
        await page.goto(`/project/edit/${postId}?page=${step}&edit=true`);
        await expect(page.getByRole("navigation", { name: "Wizard steps" })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
        if (step === 4) await expect(page.getByTestId("gcode-dimensions")).toBeVisible({ timeout: 60_000 });
        if (step === 8) await expect(page.getByText("Congratulations!!", { exact: false })).toBeVisible();
        await screenshot(page, `${step}-phone`);
      }
    }
  });
});
