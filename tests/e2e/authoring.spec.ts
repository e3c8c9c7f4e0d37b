import path from "node:path";
import { expect, test } from "./fixtures";

/** A seeded, verified maker (scripts/seed/content/people.ts). */
const AUTHOR = { email: "mike.donnelly@example.com", username: "maple_mike" };
const CORPUS = path.resolve(import.meta.dirname, "..", "..", "..", "shared", "gcode-corpus");
const ENDMILL_FILE = path.join(CORPUS, "s04-cncjs-calibration-N-numbers-G3-IJ.gcode");
const LASER_FILE = path.join(CORPUS, "m06-gsender-lightburn-g2-lens-laser-G91-M4.nc");
// A 1x1 PNG: thumbnails and photos are checked by their magic bytes on the server.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("the project wizard", () => {
  test("Next on an empty first step names every problem", async ({ page, login }) => {
    await login(AUTHOR.email);
    await page.goto("/project/create");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Please fix the errors before continuing.")).toBeVisible();
    await expect(page.getByText("Title must be at least 3 characters long")).toBeVisible();
    await expect(page.getByText("Category must be selected")).toBeVisible();
    await expect(page.getByText("At least two tags are required")).toBeVisible();
    await expect(page.getByText("A post thumbnail is required")).toBeVisible();
    await expect(page).toHaveURL(/\/project\/create/);
  });

  test("a maker creates a full project with two models, submits it and edits it again", async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await login(AUTHOR.email);
    const title = `Lens and calibration set ${Date.now().toString(36)}`;
    await page.goto("/project/create");

    // 1 Basic Details
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
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/project\/edit\/[0-9a-f-]{36}\?page=2&edit=true/, { timeout: 30_000 });
    const postId = /edit\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    // 2 Supported Machines: the original machine is one variant
    const original = page.getByRole("region", { name: /Original machine/ });
    await original.getByRole("group", { name: "CNC Brand" }).getByRole("checkbox").first().check();
    await original.getByRole("group", { name: "CNC Model" }).getByRole("checkbox").first().check();
    await original.getByRole("group", { name: "CNC Variant" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=3/);

    // 3 Models: two real files from the corpus
    await page.locator('input[type="file"]').setInputFiles([ENDMILL_FILE, LASER_FILE]);
    await expect(page.getByRole("progressbar")).toHaveCount(2);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=4/, { timeout: 60_000 });

    // 4 Tool mapping: an endmill for the first model, the laser for the second
    await expect(page.getByRole("heading", { name: "Model Tool Mapping" })).toBeVisible();
    await page.getByLabel("Model", { exact: true }).selectOption({ label: path.basename(ENDMILL_FILE) });
    await page.getByRole("button", { name: "Add Tool" }).click();
    await page.getByLabel("Model", { exact: true }).selectOption({ label: path.basename(LASER_FILE) });
    await page.getByLabel("Laser", { exact: true }).check();
    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByRole("cell", { name: "Laser" })).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=5/);

    // 5 Media: a photo
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "finished.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=6/, { timeout: 30_000 });

    // 6 Job setup and 7 licence keep the editor's defaults
    await expect(page.getByLabel("Spindle speed (RPM)")).toHaveValue("18000");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=7/);
    await page.getByLabel(/Attribution - Share Alike/).check();
    await page.getByRole("button", { name: "Next" }).click();

    // 8 Submitted for review
    await expect(page.getByText("Congratulations!! Project has been submitted for Review")).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText("Your project will be published once the review is done.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Done" })).toHaveAttribute("href", `/model/${postId}`);

    // The profile's Pending for Review tab lists it
    await page.goto(`/${AUTHOR.username}?view=userPosts&postType=private`);
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("Pending for Review")).toBeVisible();

    // ... and it opens again in the wizard
    await page.goto(`/project/edit/${postId}?page=1&edit=true`);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  });
});
