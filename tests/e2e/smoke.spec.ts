import { expect, test } from "@playwright/test";

test.describe("demo site", () => {
  test("the home page lists seeded projects and a project page opens", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Top Results" })).toBeVisible();
    // The first page of Top Results (the featured carousel above it has cards of its own).
    const cards = page.getByRole("region", { name: "Top Results" }).getByRole("article");
    await expect(cards).toHaveCount(20);
    // The newest seeded project is posted today.
    await expect(cards.getByRole("heading", { name: "Farmhouse Welcome Sign" })).toBeVisible();

    await cards
      .getByRole("link", { name: /Farmhouse Welcome Sign/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/model\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Farmhouse Welcome Sign" })).toBeVisible();
    await expect(page.getByRole("link", { name: "@chipcarver" })).toBeVisible();
    await expect(page.getByText("Public", { exact: true })).toBeVisible();
    // The thumbnail is rendered from the generated toolpath and served through a signed URL.
    const preview = page.getByRole("img", { name: "Toolpath preview of Farmhouse Welcome Sign" });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
    await expect(page.getByText("farmhouse-welcome-sign.ngc").first()).toBeVisible();
  });

  test("an unknown project shows the not-found page", async ({ page }) => {
    await page.goto("/model/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    // Streamed under the loading screen, so the status is already sent: search engines are told by noindex.
    await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
    await page.getByRole("link", { name: "Go back home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("a visitor opening the project wizard is sent home", async ({ page }) => {
  await page.goto("/project/create");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Top Results" })).toBeVisible();
});
