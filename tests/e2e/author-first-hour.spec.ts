import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { extractOtp, waitForMail } from "../support/outbox";
import { expect, signIn, test } from "./fixtures";
import { expectToast, recordToasts } from "./toasts";

/*
 * The author's first hour with real CAM files: the wizard fills what the files say and leaves the
 * rest to the author, refuses a wrong file when it is picked, shows the pre-flight findings
 * before Submit, and a draft resumes where it stopped. Desktop (1366x900) and phone (390x844).
 */

/** A seeded, verified maker (scripts/seed/content/people.ts). */
const AUTHOR = { email: "mike.donnelly@example.com", username: "maple_mike" };
const UNVERIFIED = "noah.fischer@example.com";
/** A seeded reviewer (a staff e-mail domain). */
const STAFF_EMAIL = "sam.whitaker@onefinitycnc.com";
// Real files from the shared corpus, read where they are (never copied into the repository).
const CORPUS = path.resolve(import.meta.dirname, "..", "..", "..", "shared", "gcode-corpus");
/** Fusion 360, millimetres, "(T1  D=6.35 CR=0 - ZMIN=-19.8 - flat end mill)". */
const POCKET_FILE = path.join(CORPUS, "m03-gsender-fusion360-sheeptile-arcs-G18-M6.nc");
/** LightBurn laser job (M4), millimetres. */
const LASER_FILE = path.join(CORPUS, "m06-gsender-lightburn-g2-lens-laser-G91-M4.nc");
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const outboxDir = () => {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error("E2E_OUTBOX_DIR is not set (tests/e2e/global-setup.ts sets it)");
  return dir;
};

/** A username and address nobody else uses: 4-15 characters, starting with a letter. */
function uniqueAccount(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(-9);
  const username = `${prefix}${suffix}`.slice(0, 15);
  return { username, email: `${username}@example.com`, password: "first-pass-123" };
}

/** The code mailed to `email` (the newest one), typed into the open OTP dialog. */
async function enterMailedCode(page: Page, email: string) {
  const mail = await waitForMail(outboxDir(), (message) => message.to === email && message.kind === "otp");
  const dialog = page.getByRole("dialog", { name: "Enter OTP" });
  await dialog.getByRole("textbox", { name: "Verification code" }).fill(extractOtp(mail));
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** A new, unverified account over the API; with `page.request` the page is signed in as it. */
async function registerUnverified(request: APIRequestContext, prefix: string) {
  const account = uniqueAccount(prefix);
  const answer = async (url: string) => ((await (await request.get(url)).json()) as { data: unknown }).data;
  const { brands } = (await answer("/api/v1/cncBrand/getBrands")) as { brands: { _id: string }[] };
  const brandId = brands[0]!._id;
  const { models } = (await answer(`/api/v1/cncModel/getModels?brandId=${brandId}`)) as {
    models: { _id: string }[];
  };
  const modelId = models[0]!._id;
  const { variants } = (await answer(`/api/v1/cncVariant/getVariants?modelId=${modelId}`)) as {
    variants: { _id: string }[];
  };
  const response = await request.post("/api/v1/auth/register", {
    headers: { origin: process.env.E2E_BASE_URL ?? "" },
    multipart: {
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      username: account.username,
      firstname: "Ada",
      lastname: "Tester",
      cncBrand: brandId,
      cncModel: modelId,
      cncVariant: variants[0]!._id,
      locatedAt: "Yet to be collected",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

async function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: "#8a5a36" } })
    .png()
    .toBuffer();
}

/** Step 1 and 2 of a new draft; answers its id, on step 3. */
async function startDraft(page: Page, title: string): Promise<string> {
  await page.goto("/project/create");
  await page.getByLabel("Title").fill(title);
  await page
    .getByLabel("Description")
    .fill("A pocket cut with a flat end mill and a lens engraved by laser.");
  await page.getByLabel("Category").selectOption({ index: 1 });
  const tags = page.getByRole("combobox", { name: "Tags" });
  for (const tag of [`pocket${Date.now() % 1000}`, `laser${Date.now() % 1000}`]) {
    await tags.fill(tag);
    await tags.press("Enter");
    await expect(page.getByRole("button", { name: `Remove tag ${tag}` })).toBeVisible();
  }
  await page
    .getByLabel("Thumbnail")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await photoPng() });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/project\/edit\/[0-9a-f-]{36}\?page=2&edit=true/, { timeout: 30_000 });
  await expectToast(page, "Thumbnail uploaded: cover.png");
  const postId = /edit\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  // The machine the author owns is the original machine until they choose another.
  await expect(page.getByTestId("owned-machine-note")).toContainText("Your machine:");
  const original = page.getByRole("region", { name: /Original machine/ });
  await expect(
    original.getByRole("group", { name: "CNC Variant" }).getByRole("checkbox", { checked: true }),
  ).toHaveCount(1);
  // A supported model ticks all its variants.
  const supported = page.getByRole("region", { name: /Supported machines/ });
  await supported.getByRole("group", { name: "CNC Brand" }).getByRole("checkbox").first().check();
  await supported.getByRole("group", { name: "CNC Model" }).getByRole("checkbox").first().check();
  const supportedVariants = supported.getByRole("group", { name: "CNC Variant" }).getByRole("checkbox");
  await expect(supportedVariants.first()).toBeChecked();
  await expect(supportedVariants.and(page.getByRole("checkbox", { checked: false }))).toHaveCount(0);
  // With several models the variants read model first, as the catalogue names the machines.
  await supported.getByRole("checkbox", { name: "Apprentice", exact: true }).check();
  await supported.getByRole("checkbox", { name: "Woodworker", exact: true }).check();
  await expect(
    supported.getByRole("checkbox", { name: 'Apprentice 16.5 × 16.5"', exact: true }),
  ).toBeChecked();
  await expect(page.getByText("current entry model")).toHaveCount(0);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=3/, { timeout: 30_000 });
  return postId;
}

/** Step 3: a .gco file is refused when picked, naming the file; the two real files go up. */
async function uploadModels(page: Page, files: string[]) {
  const picker = page.getByLabel("Models");
  await expect(picker).toHaveAttribute("accept", ".gcode,.nc,.ngc");
  await picker.setInputFiles({
    name: "raster.gco",
    mimeType: "text/plain",
    buffer: Buffer.from("G21\nM4 S500\nG1 X10 F1000\n"),
  });
  const refusal = page.getByRole("alert").filter({ hasText: "raster.gco" });
  await expect(refusal).toHaveText("raster.gco can't be uploaded: models must be .gcode, .nc or .ngc.");
  await expect(page.getByText("Uploads with Next")).toHaveCount(0);
  await picker.setInputFiles(files);
  await expect(page.getByText("Uploads with Next")).toHaveCount(files.length);
  await page.getByRole("button", { name: "Next" }).click();
  await expectToast(page, /^Models? uploaded: /, 60_000);
  await expect(page).toHaveURL(/page=4/, { timeout: 60_000 });
}

test.describe("the author's first hour", () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(recordToasts);
  });

  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`${name}: the wizard fills what the files say, asks the rest, and shows pre-flight before Submit`, async ({
      page,
      login,
      browser,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      await login(AUTHOR.email);
      const title = `Heatsink pocket and lens ${name} ${Date.now().toString(36)}`;
      await startDraft(page, title);
      await uploadModels(page, [POCKET_FILE, LASER_FILE]);

      // 4: the pocket proposes the tool its Fusion 360 comment names, in the file's units.
      const modelSelect = page.getByLabel("Model", { exact: true });
      await modelSelect.selectOption({ label: `${path.basename(POCKET_FILE)} (no tool yet)` });
      await expect(page.getByTestId("tool-source")).toHaveText(
        `From the tool comments in ${path.basename(POCKET_FILE)}. Check them before you add the tool.`,
      );
      await expect(page.getByLabel("Endmill", { exact: true })).toBeChecked();
      await expect(page.getByLabel("Tool units")).toHaveValue("mm");
      await expect(page.getByLabel("Tool used (size)")).toHaveValue("6.35");
      await expect(page.getByLabel("Tool bit type")).toHaveValue("Upcut Endmill");
      await page.getByRole("button", { name: "Add Tool" }).click();
      await modelSelect.selectOption({ label: `${path.basename(LASER_FILE)} (no tool yet)` });
      await expect(page.getByLabel("Laser", { exact: true })).toBeChecked();
      await page.getByRole("button", { name: "Add Tool" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=5/, { timeout: 30_000 });

      // 5
      await page
        .getByLabel("Photos and design files")
        .setInputFiles({ name: "finished.png", mimeType: "image/png", buffer: await photoPng() });
      await page.getByRole("button", { name: "Next" }).click();
      await expectToast(page, "Media file uploaded: finished.png");
      await expect(page).toHaveURL(/page=6/, { timeout: 30_000 });

      // 6: units and job size from the files, with their source; software and material empty.
      await expect(page.getByLabel("Units")).toHaveValue("MM");
      await expect(page.locator("#units-hint")).toHaveText(
        `From ${path.basename(POCKET_FILE)}, ${path.basename(LASER_FILE)}`,
      );
      const width = Number(await page.getByLabel("Width (mm)").inputValue());
      const thickness = Number(await page.getByLabel("Thickness (mm)").inputValue());
      expect(width).toBeGreaterThan(1);
      expect(width % 0.25).toBe(0);
      // The Fusion file cuts 19.8 mm deep: thickness rounded up to the 0.25 step.
      expect(thickness).toBe(20);
      await expect(page.locator("#jobSizeThickness-hint")).toHaveText(`From ${path.basename(POCKET_FILE)}`);
      await expect(page.getByLabel("Software used")).toHaveValue("");
      await expect(page.getByLabel("Material used")).toHaveValue("");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText("Please select the software used.")).toBeVisible();
      await expect(page.getByText("Please select the material used.")).toBeVisible();
      // Stock thinner than the deepest cut: the pre-flight check will say so before Submit.
      await page.getByLabel("Thickness (mm)").fill("5");
      await page.getByLabel("Software used").selectOption("Fusion 360");
      await page.getByLabel("Material used").selectOption("Aluminum");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=7/, { timeout: 30_000 });

      // 7: no licence chosen for the author.
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText("Licence is required")).toBeVisible();
      await page.getByLabel("Attribution - Share Alike", { exact: true }).check();
      await page.getByRole("button", { name: "Next" }).click();

      // 8: ready to submit, nothing submitted yet.
      await expect(page.getByRole("heading", { name: "Ready to submit?" })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("Congratulations!!", { exact: false })).toHaveCount(0);
      const fix = page.getByRole("button", { name: "Fix in step 6: Job Setup Details" });
      await expect(page.getByText(/deeper than the job thickness \(5 mm\)/)).toBeVisible();
      await fix.click();
      await expect(page).toHaveURL(/page=6/);
      await expect(page.getByLabel("Thickness (mm)")).toHaveValue("5");
      await page.getByRole("button", { name: /^Step 8: Post Status/ }).click();
      await expect(page.getByRole("heading", { name: "Ready to submit?" })).toBeVisible();
      await page.getByRole("button", { name: "Submit for review" }).click();
      await expect(page.getByText("Congratulations!! Project has been submitted for Review")).toBeVisible({
        timeout: 30_000,
      });

      // A reviewer approves it: its card counts from the publication, not from the draft's creation.
      const postId = /edit\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      const staff = await browser.newContext();
      const staffPage = await staff.newPage();
      await signIn(staffPage, STAFF_EMAIL);
      const approved = await staffPage.request.post(`/api/v1/review/approve/${postId}`, {
        headers: { origin: process.env.E2E_BASE_URL ?? "" },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      await staff.close();
      const detail = await page.request.get(`/api/v1/post/${postId}`);
      const { data } = (await detail.json()) as {
        data: { post: { createdAt: string; publishedAt: string } };
      };
      expect(data.post.publishedAt).not.toBe(data.post.createdAt);
      await page.goto(`/${AUTHOR.username}?view=userPosts&postType=published`);
      const card = page.getByRole("article").filter({ hasText: title });
      await expect(card.locator("time")).toHaveAttribute("datetime", data.post.publishedAt);
    });
  }

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`${name}: a draft resumes at the step last saved, and leaving with unsaved changes asks`, async ({
      page,
      login,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await login(AUTHOR.email);
      const title = `Resume me ${name} ${Date.now().toString(36)}`;
      const postId = await startDraft(page, title);

      // A change on step 3 not saved yet: the close button asks, and staying keeps the wizard.
      await page.getByLabel("Models").setInputFiles([POCKET_FILE]);
      const asked: string[] = [];
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("link", { name: "Close the wizard" }).click();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toContain("not saved");
      await expect(page).toHaveURL(/page=3/);

      // The profile's Draft tab: the card says where the draft stands, and Edit Project opens there.
      page.once("dialog", (dialog) => void dialog.accept());
      await page.goto(`/${AUTHOR.username}?view=userPosts&postType=draft`);
      const card = page.getByRole("article").filter({ hasText: title });
      await expect(card.getByTestId("draft-progress")).toHaveText("Step 3 of 8");
      await card.getByRole("button", { name: /actions/i }).click();
      await page.getByRole("menuitem", { name: "Edit Project" }).click();
      await expect(page).toHaveURL(new RegExp(`/project/edit/${postId}\\?page=3&edit=true`));
      await expect(page.getByRole("heading", { name: "Model Upload" })).toBeVisible();
      // Nothing changed yet: leaving does not ask.
      let askedAgain = false;
      page.once("dialog", (dialog) => {
        askedAgain = true;
        void dialog.dismiss();
      });
      await page.getByRole("link", { name: "Close the wizard" }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(askedAgain).toBe(false);
    });

    test(`${name}: after sign-up the code dialog opens and the mailed code verifies the account`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const account = uniqueAccount("otp");
      await page.goto("/signup");
      await page.getByLabel("Username").fill(account.username);
      await expect(page.getByText("Username is available")).toBeVisible({ timeout: 30_000 });
      await page.getByLabel("First name").fill("Grace");
      await page.getByLabel("Last name").fill("Hopper");
      await page.getByLabel("Email").fill(account.email);
      await page.getByRole("textbox", { name: "Password", exact: true }).fill(account.password);
      await page.getByLabel("Confirm password").fill(account.password);
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("checkbox", { name: "Onefinity" }).check();
      await page.getByRole("checkbox", { name: "Woodworker", exact: true }).check();
      await page.getByRole("group", { name: "CNC Variant" }).getByRole("checkbox").first().check();
      await page.getByRole("button", { name: "Signup" }).click();

      await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
      await expect(page.getByRole("dialog", { name: "Enter OTP" })).toBeVisible({ timeout: 30_000 });
      await enterMailedCode(page, account.email);
      await expect(page.getByRole("region", { name: "Verify your account" })).toHaveCount(0);
      const me = await page.request.get("/api/v1/auth/me");
      const { data } = (await me.json()) as { data: { user: { isVerified: boolean } } };
      expect(data.user.isVerified).toBe(true);
    });

    test(`${name}: an unverified maker enters the code on /project/create and the wizard opens`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const account = await registerUnverified(page.request, "wz");
      await page.goto("/project/create");
      await expect(
        page.getByRole("heading", { name: "Please verify your e-mail address first." }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Enter the code" }).click();
      await expect(page.getByRole("dialog", { name: "Enter OTP" })).toBeVisible();
      await enterMailedCode(page, account.email);
      await expect(page.getByLabel("Title")).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByRole("heading", { name: "Please verify your e-mail address first." }),
      ).toHaveCount(0);
    });

    test(`${name}: a seeded unverified maker is offered the code entry on /project/create`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize(viewport);
      await login(UNVERIFIED);
      await page.goto("/project/create");
      await expect(
        page.getByRole("heading", { name: "Please verify your e-mail address first." }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Enter the code" }).click();
      await expect(page.getByRole("dialog", { name: "Enter OTP" })).toBeVisible();
    });

    test(`${name}: CNC Machine Details shows the original machine and its work area, never 'Not provided'`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize(viewport);
      await login(AUTHOR.email);
      const answer = await page.request.get(
        `/api/v1/post/getPostsByUsername/${AUTHOR.username}?postType=published`,
      );
      const { data } = (await answer.json()) as { data: { posts: { _id: string }[] } };
      const postId = data.posts[0]!._id;
      const detail = await page.request.get(`/api/v1/post/${postId}`);
      const { data: post } = (await detail.json()) as {
        data: { post: { originalMachine: { modelName: string; workArea: { xMm: number } } | null } };
      };
      await page.goto(`/model/${postId}`);
      const section = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: "CNC Machine Details" }) });
      expect(post.post.originalMachine, "the seeded project names its machine").not.toBeNull();
      await expect(section).toContainText(post.post.originalMachine!.modelName);
      await expect(section).toContainText(`${post.post.originalMachine!.workArea.xMm} ×`);
      await expect(section.getByText("Not provided")).toHaveCount(0);
    });
  }
});
