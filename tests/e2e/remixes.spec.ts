import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { Pool } from "pg";
import sharp from "sharp";
import { signIn } from "./fixtures";

const VIEWPORTS = [
  { name: "desktop", size: { width: 1366, height: 900 }, pick: 0 },
  { name: "phone", size: { width: 390, height: 844 }, pick: 1 },
] as const;

/** A seeded, verified maker (scripts/seed/content/people.ts). */
const AUTHOR = { email: "lena.kowalski@example.com", username: "laser_lena" };

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (tests/e2e/global-setup.ts sets it)`);
  return value;
};

let pool: Pool | undefined;
const database = () => (pool ??= new Pool({ connectionString: env("E2E_DATABASE_URL"), max: 2 }));
test.afterAll(async () => {
  await pool?.end();
  pool = undefined;
});

/** With COMMUNITY_SCREENSHOTS=1 the journey also writes docs/screenshots/community-remix-*.png. */
async function screenshot(page: Page, name: string) {
  if (process.env.COMMUNITY_SCREENSHOTS !== "1") return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join("docs", "screenshots", `community-remix-${name}.png`) });
}

/** A public project by someone else, as the listing answers it (a different one per viewport). */
async function someoneElsesProject(page: Page, pick: number): Promise<{ _id: string; title: string }> {
  const response = await page.request.get("/api/v1/post?limit=20");
  const { data } = (await response.json()) as {
    data: { posts: { _id: string; title: string; user: { username: string } }[] };
  };
  const project = data.posts.filter((post) => post.user.username !== AUTHOR.username)[pick];
  if (!project) throw new Error("the seed has too few public projects");
  return project;
}

for (const viewport of VIEWPORTS) {
  test.describe(`remixes at ${viewport.name} size`, () => {
    test.use({ viewport: viewport.size });
    // A whole wizard step with uploads, then two project pages: slower than one page on a busy machine.
    test.setTimeout(180_000);

    test("name a based-on project in the wizard, see Based on on the remix and Remixes (1) on the original", async ({
      page,
    }) => {
      await signIn(page, AUTHOR.email);
      const original = await someoneElsesProject(page, viewport.pick);
      const title = `Remix of ${original.title} ${Date.now().toString(36)}`;

      // Step 1 with Based on, picked from the title search.
      await page.goto("/project/create");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Description").fill("The same design, cut deeper and engraved by laser.");
      await page.getByLabel("Category").selectOption({ index: 1 });
      const tags = page.getByRole("combobox", { name: "Tags" });
      for (const tag of [`remix${Date.now() % 1000}`, `laser${Date.now() % 1000}`]) {
        await tags.fill(tag);
        await tags.press("Enter");
        await expect(page.getByRole("button", { name: `Remove tag ${tag}` })).toBeVisible();
      }
      await page.getByLabel("Thumbnail").setInputFiles({
        name: "thumb.png",
        mimeType: "image/png",
        buffer: await sharp({
          create: { width: 320, height: 240, channels: 3, background: "#8a5a36" },
        })
          .png()
          .toBuffer(),
      });
      const basedOn = page.getByRole("combobox", { name: "Based on" });
      await basedOn.fill(original.title);
      // Exactly the original: an earlier remix's title starts with it.
      const option = page
        .getByRole("option")
        .filter({ has: page.getByText(original.title, { exact: true }) });
      await expect(option).toBeVisible();
      await basedOn.press("ArrowDown");
      await basedOn.press("Enter");
      await expect(
        page.getByRole("button", { name: `Remove ${original.title} from Based on` }),
      ).toBeVisible();
      await screenshot(page, `${viewport.name}-wizard`);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/\/project\/edit\/[0-9a-f-]{36}\?page=2/, { timeout: 30_000 });
      const remixId = /edit\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      await expect(page.getByRole("region", { name: /Original machine/ })).toBeVisible();

      // The author's draft names the original.
      await page.goto(`/model/${remixId}`);
      const basedOnSection = page.getByRole("region", { name: "Based on" });
      await expect(basedOnSection.getByRole("link", { name: original.title })).toBeVisible();
      await screenshot(page, `${viewport.name}-based-on`);

      // Approved (the review's transition, arranged in the database): the original counts it.
      await database().query("update posts set visibility = 'public' where id = $1", [remixId]);
      await basedOnSection.getByRole("link", { name: original.title }).click();
      await expect(page).toHaveURL(new RegExp(`/model/${original._id}`));
      // The cached page follows the change feed within seconds.
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole("heading", { name: "Remixes (1)" })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      const remixes = page.getByRole("region", { name: "Remixes (1)" });
      await remixes.scrollIntoViewIfNeeded();
      await expect(remixes.getByRole("article").getByRole("heading", { name: title })).toBeVisible({
        timeout: 30_000,
      });
      await screenshot(page, `${viewport.name}-remixes`);
    });
  });
}
