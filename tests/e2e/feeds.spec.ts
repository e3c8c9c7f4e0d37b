import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./fixtures";

/*
 * Makes that teach and the chipload atlas, on desktop (1366x900) and phone (390x844): the make
 * dialog's material and bit, the makes summary and its filters, the atlas page with its filters
 * and the shipped chart.
 */

const MIKE = "mike.donnelly@example.com";
// Seeded without makes, so the make made here is the only one.
const SAMPLER = "Onefinity Coaster Sampler";

const SIZES = [
  { name: "desktop", size: { width: 1366, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
] as const;

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function postIdByTitle(page: Page, title: string): Promise<string> {
  const response = await page.request.get("/api/v1/post/search/autoComplete", {
    params: { searchQuery: title },
  });
  const body = (await response.json()) as { data: { posts: { _id: string; title: string }[] } };
  const post = body.data.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`No seeded post titled ${title}`);
  return post._id;
}

test.describe.configure({ mode: "serial" });
// Uploads and page loads share two cores with other suites here.
test.setTimeout(180_000);

for (const { name, size } of SIZES) {
  test.describe(`makes that teach (${name})`, () => {
    test.use({ viewport: size });

    test("the make dialog asks material and bit; the makes are summarised and filtered by them", async ({
      page,
    }) => {
      const id = await postIdByTitle(page, SAMPLER);
      await signIn(page, MIKE);
      await page.goto(`/model/${id}`);
      await expect(page.getByText("No Makes Yet")).toBeVisible({ timeout: 30_000 });
      await page.getByRole("button", { name: "Upload Make" }).click();
      const dialog = page.getByRole("dialog", { name: "Upload Make" });
      await dialog
        .getByLabel("Images")
        .setInputFiles({ name: "cut.png", mimeType: "image/png", buffer: PNG_1X1 });

      const material = dialog.getByLabel("Material");
      await expect(material).toHaveValue("");
      await material.selectOption("Wood (hard)");
      const bit = dialog.getByLabel("Bit", { exact: true });
      // The project's own tools are offered, then "Another bit...".
      const toolOption = bit.locator("option").nth(1);
      const toolLabel = (await toolOption.textContent())!.trim();
      expect(toolLabel).toMatch(/V Bit, 2 flutes$/);
      await bit.selectOption({ label: "Another bit..." });
      await expect(dialog.getByLabel("Your bit")).toBeVisible();
      await bit.selectOption({ label: toolLabel });
      await expect(dialog.getByLabel("Your bit")).toHaveCount(0);

      await dialog.getByRole("radio", { name: "No", exact: true }).check();
      await dialog.getByLabel("Caption").fill(`Material and bit (${name})`);
      await dialog.getByRole("button", { name: "Publish" }).click();
      await expect(dialog).toHaveCount(0, { timeout: 30_000 });

      const make = page.getByRole("listitem").filter({ hasText: `Material and bit (${name})` });
      await expect(make).toBeVisible({ timeout: 30_000 });
      await expect(make.getByRole("definition").filter({ hasText: "Wood (hard)" })).toBeVisible();
      await expect(make.getByRole("definition").filter({ hasText: /mm V Bit/ })).toBeVisible();

      const summary = page.getByTestId("makes-summary");
      await expect(summary.getByText("Wood (hard) x1")).toBeVisible();
      await expect(summary.getByText("Cut on")).toBeVisible();
      await summary.getByLabel("Material").selectOption("Wood (hard)");
      await expect(make).toBeVisible();
      await summary.getByLabel("Material").selectOption("");
      await summary.getByLabel("Machine").selectOption({ index: 1 });
      await expect(make).toBeVisible();

      await make.getByRole("button", { name: "Delete make" }).click();
      await page.getByRole("dialog", { name: "Delete make" }).getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("No Makes Yet")).toBeVisible({ timeout: 30_000 });
    });
  });

  test.describe(`chipload atlas (${name})`, () => {
    test.use({ viewport: size });

    test("shows what rated makes cut with beside the chart, and filters by material and diameter", async ({
      page,
    }) => {
      await page.goto("/atlas/chipload");
      await expect(page.getByRole("heading", { level: 1, name: "Chipload atlas" })).toBeVisible();
      // The demo makes name material and bit, so the atlas is not empty on a fresh start.
      const rows = page.getByTestId("atlas-row");
      await expect(rows.first()).toBeVisible({ timeout: 30_000 });
      const chart = page.getByRole("table", { name: /Recommended chipload per tooth/ });
      await expect(chart.getByRole("rowheader", { name: "MDF" })).toBeVisible();
      await expect(chart.getByRole("link", { name: "AST Tooling" }).first()).toHaveAttribute(
        "href",
        "https://www.asttooling.com/pages/speeds-and-feeds-charts",
      );

      await page.screenshot({ path: test.info().outputPath(`atlas-${name}.png`), fullPage: true });
      const firstTitle = (await rows.first().getByRole("heading").textContent())!;
      const material = firstTitle.split(",")[0]!;
      await page.getByLabel("Material").selectOption(material);
      await page.getByRole("button", { name: "Show" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("material")).toBe(material);
      for (const heading of await rows.getByRole("heading").allTextContents())
        expect(heading.startsWith(material)).toBe(true);

      await page.goto("/atlas/chipload?material=Glass&diameter=12.7");
      await expect(page.getByText("No rated makes here yet")).toBeVisible();
      await page.goto("/atlas/chipload?diameter=abc");
      await expect(page.getByText(/showing every material and size/)).toBeVisible();
    });
  });
}
