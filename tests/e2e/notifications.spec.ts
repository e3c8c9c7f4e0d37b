import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./fixtures";

const VIEWPORTS = [
  {
    name: "desktop",
    size: { width: 1366, height: 900 },
    fan: { email: "lena.kowalski@example.com", username: "laser_lena" },
  },
  {
    name: "phone",
    size: { width: 390, height: 844 },
    fan: { email: "sarah.mitchell@example.com", username: "sawdust_sarah" },
  },
] as const;

const MAKER = { email: "wendy.harlow@example.com", username: "walnut_wendy" };

/** With COMMUNITY_SCREENSHOTS=1 the journey also writes docs/screenshots/community-*.png. */
async function screenshot(page: Page, name: string) {
  if (process.env.COMMUNITY_SCREENSHOTS !== "1") return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join("docs", "screenshots", `community-${name}.png`) });
}

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** One of the maker's public projects, as the listing answers it. */
async function makersProject(page: Page): Promise<{ _id: string; title: string }> {
  const response = await page.request.get(`/api/v1/post/getPostsByUsername/${MAKER.username}?limit=1`);
  const { data } = (await response.json()) as { data: { posts: { _id: string; title: string }[] } };
  return data.posts[0]!;
}

for (const viewport of VIEWPORTS) {
  test.describe(`follows and notifications at ${viewport.name} size`, () => {
    test("follow a maker from a project, comment, and the maker's bell, panel and page tell of it", async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const fan = await signedInPage(browser, viewport.fan.email, viewport.size);
      const project = await makersProject(fan.page);
      await fan.page.goto(`/model/${project._id}`, { waitUntil: "networkidle" });
      // A retry starts where the first attempt started: not following.
      await fan.page.evaluate(async (username) => {
        await fetch(`/api/v1/follow/delete?username=${username}`, { method: "DELETE" });
      }, MAKER.username);
      await fan.page.reload({ waitUntil: "networkidle" });
      // The cached page learns who reads it after load: the bell shows once it knows.
      await expect(fan.page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
      const follow = fan.page.getByRole("button", { name: `Follow @${MAKER.username}` });
      await expect(follow).toBeEnabled();
      await follow.click();
      await expect(fan.page.getByRole("button", { name: `Following @${MAKER.username}` })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await screenshot(fan.page, `${viewport.name}-follow`);
      const commented = await fan.page.evaluate(async (postId) => {
        const response = await fetch("/api/v1/comment/create", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ postId, comment: JSON.stringify({ ops: [{ insert: "Lovely grain\n" }] }) }),
        });
        return response.status;
      }, project._id);
      expect(commented).toBe(201);
      await fan.context.close();

      const maker = await signedInPage(browser, MAKER.email, viewport.size);
      const { page } = maker;
      await page.goto(`/${MAKER.username}`, { waitUntil: "networkidle" });
      await expect(page.getByText(/[1-9]\d* followers?/)).toBeVisible();

      const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
      await expect(bell).toBeVisible();
      await bell.click();
      const panel = page.getByRole("dialog", { name: "Notifications" });
      const notice = `@${viewport.fan.username} commented on “${project.title}”`;
      await expect(panel.getByText(notice)).toBeVisible();
      await screenshot(page, `${viewport.name}-bell-panel`);
      await panel.getByRole("link", { name: "See all notifications" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
      await expect(page.getByRole("main").getByText(notice)).toBeVisible();
      await page.getByRole("button", { name: "Mark all read" }).click();
      await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

      // Preferences: the choice is saved and kept.
      const byEmail = page.getByRole("checkbox", { name: "Someone comments on your project: by e-mail" });
      await expect(byEmail).not.toBeChecked();
      await byEmail.click();
      await expect(byEmail).toBeChecked();
      await expect(byEmail).toBeEnabled();
      await screenshot(page, `${viewport.name}-notifications-page`);
      await page.reload({ waitUntil: "networkidle" });
      await expect(
        page.getByRole("checkbox", { name: "Someone comments on your project: by e-mail" }),
      ).toBeChecked();
      await page.getByRole("checkbox", { name: "Someone comments on your project: by e-mail" }).click();
      await expect(
        page.getByRole("checkbox", { name: "Someone comments on your project: by e-mail" }),
      ).not.toBeChecked();
      await maker.context.close();
    });
  });
}
