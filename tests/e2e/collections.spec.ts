import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./fixtures";

const VIEWPORTS = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
] as const;

const MAKER = { email: "dan.ortiz@example.com", username: "chipcarver" };

/** With COMMUNITY_SCREENSHOTS=1 the journey also writes docs/screenshots/community-*.png. */
async function screenshot(page: Page, name: string) {
  if (process.env.COMMUNITY_SCREENSHOTS !== "1") return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join("docs", "screenshots", `community-${name}.png`) });
}

/** The listing's first title in an order, as the API answers it. */
async function firstTitle(page: Page, sort: string): Promise<string> {
  const response = await page.request.get(`/api/v1/post?sort=${sort}&limit=1`);
  const { data } = (await response.json()) as { data: { posts: { title: string }[] } };
  return data.posts[0]!.title;
}

const topResults = (page: Page) => page.getByRole("region", { name: "Top Results" });

for (const viewport of VIEWPORTS) {
  test.describe(`community at ${viewport.name} size`, () => {
    test.use({ viewport: viewport.size });

    test("sort from the filter bar, make a collection from a card, see it on the profile and its page", async ({
      page,
    }) => {
      await signIn(page, MAKER.email);
      await page.goto("/", { waitUntil: "networkidle" });

      // Sort: kept in the URL and shown as a chip.
      await page.getByLabel("Sort").selectOption("mostMade");
      await expect(page).toHaveURL(/sort=mostMade/);
      const chips = page.getByRole("list", { name: "Active filters" });
      await expect(chips.getByRole("button", { name: "Remove filter Sort: Most Made" })).toBeVisible();
      const mostMade = await firstTitle(page, "mostMade");
      const firstCard = topResults(page).getByRole("article").first();
      await expect(firstCard.getByRole("heading", { level: 3 })).toHaveText(mostMade);
      await page.getByRole("region", { name: "Filters" }).scrollIntoViewIfNeeded();
      await screenshot(page, `${viewport.name}-sorted-home`);

      // Add to collection from the card, making a new collection in the dialog.
      const name = `Keepers ${viewport.name} ${Date.now().toString(36)}`;
      await firstCard.getByRole("button", { name: "Add to collection" }).click();
      const dialog = page.getByRole("dialog", { name: "Add to collection" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("New collection").fill(name);
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(dialog.getByRole("checkbox", { name })).toBeChecked();
      await screenshot(page, `${viewport.name}-add-to-collection`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // The profile's Collections tab lists it; its page shows the project.
      await page.goto(`/${MAKER.username}?view=collections`, { waitUntil: "networkidle" });
      const tile = page
        .getByRole("list", { name: "Collections" })
        .getByRole("link", { name: new RegExp(name) });
      await expect(tile).toContainText("1 project");
      await screenshot(page, `${viewport.name}-profile-collections`);
      await tile.click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByRole("article").getByRole("heading", { name: mostMade })).toBeVisible();
      await screenshot(page, `${viewport.name}-collection-page`);

      // The owner makes it private: the page says so.
      await page.getByRole("button", { name: "Edit collection" }).click();
      const edit = page.getByRole("dialog", { name: "Edit collection" });
      await edit.getByLabel("Visibility").selectOption("private");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name })).toContainText("Private");

      // The project page offers it too, with the same dialog showing the project in the collection.
      await page.getByRole("article").getByRole("heading", { name: mostMade }).click();
      await expect(page).toHaveURL(/\/model\//);
      await page.getByRole("button", { name: "Add to collection" }).first().click();
      await expect(dialog.getByRole("checkbox", { name })).toBeChecked();
      await screenshot(page, `${viewport.name}-project-page-dialog`);
      await page.keyboard.press("Escape");

      // The chip takes the sort away again.
      await page.goto("/?sort=mostMade", { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Remove filter Sort: Most Made" }).click();
      await expect(page).not.toHaveURL(/sort=/);
    });
  });
}
