import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";

/*
 * The project page's G-code viewer at a phone, a laptop and a large screen: every view button and
 * every legend entry sits inside the window and the carousel frame, nothing covers it (the element
 * at its centre is itself), each button answers a click without the page or the slide scrolling,
 * and the carousel's own controls stay out of the viewer's way.
 */

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1366, height: 900 }],
  ["large screen", { width: 1920, height: 1080 }],
] as const;

/** A seeded laser project (scripts/seed/content/projects.ts): its legend names the laser power. */
const LASER_PROJECT = "Pet Portrait Raster on Basswood";

type Box = { x: number; y: number; width: number; height: number };

async function laserProject(page: Page): Promise<{ postId: string; fileName: string; slide: number }> {
  const list = await page.request.get(`/api/v1/post?searchQuery=${encodeURIComponent(LASER_PROJECT)}`);
  const { data } = (await list.json()) as { data: { posts: { _id: string; title: string }[] } };
  const postId = data.posts.find((post) => post.title === LASER_PROJECT)?._id;
  if (!postId) throw new Error(`no public post titled ${LASER_PROJECT}`);
  const detail = await page.request.get(`/api/v1/post/${postId}`);
  const { post } = (
    (await detail.json()) as {
      data: { post: { attachments: { category: string; fileName: string }[] } };
    }
  ).data;
  const model = post.attachments.find((attachment) => attachment.category === "postModel");
  if (!model) throw new Error(`${LASER_PROJECT} has no model`);
  // Slides: the thumbnail first, then the models (components/project/slides.ts).
  const hasThumbnail = post.attachments.some((attachment) => attachment.category === "postThumbnail");
  return { postId, fileName: model.fileName, slide: hasThumbnail ? 2 : 1 };
}

function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** Whether the element at the centre of `locator` is that element or one inside it. */
function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function expectInViewAndUncovered(
  locator: Locator,
  frame: Box,
  viewport: { width: number; height: number },
) {
  const box = await locator.boundingBox();
  expect(box, "laid out").not.toBeNull();
  const name = (await locator.textContent())?.trim();
  expect(within(box!, { x: 0, y: 0, ...viewport }), `${name} inside the window`).toBe(true);
  expect(within(box!, frame), `${name} inside the carousel frame`).toBe(true);
  expect(await isOnTop(locator), `${name} not covered`).toBe(true);
}

test.describe("the project page's G-code viewer", () => {
  for (const [name, viewport] of SIZES) {
    test(`${name} (${viewport.width}x${viewport.height}): the view buttons and the legend show and answer, nothing covers them`, async ({
      page,
    }) => {
      // Drawing a 10,000-line laser job in software WebGL is slow on a busy machine.
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const { postId, fileName, slide } = await laserProject(page);
      await page.goto(`/model/${postId}`);
      const carousel = page.getByRole("region", { name: "Project files" });
      // Retried: a click before the page has hydrated does nothing (a dot is safe to click again).
      await expect(async () => {
        await carousel.getByRole("button", { name: `Show file ${slide}`, exact: true }).click();
        await expect(carousel.getByText(fileName)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      const viewer = carousel.getByRole("region", { name: "G-code preview" });
      await expect(viewer.getByTestId("gcode-dimensions")).toBeVisible({ timeout: 60_000 });

      const slideGroup = carousel.getByRole("group", { name: new RegExp(`^${slide} of \\d+$`) });
      if (viewport.width < 1024) {
        // A phone shows the title above the carousel: bring the frame up under the header.
        await slideGroup.evaluate((element) =>
          window.scrollBy({ top: element.getBoundingClientRect().top - 72, behavior: "instant" }),
        );
      }
      const frame = (await slideGroup.boundingBox())!;
      expect(frame.y + frame.height, "the whole frame in the window").toBeLessThanOrEqual(viewport.height);
      // Nothing scrolls inside the slide.
      const overflow = await slideGroup.evaluate((element) => {
        const section = element.querySelector("[data-testid=gcode-viewer]");
        return {
          slide: element.scrollHeight - element.clientHeight,
          viewer: section ? section.scrollHeight - section.clientHeight : -1,
        };
      });
      expect(overflow.slide).toBeLessThanOrEqual(1);
      expect(overflow.viewer).toBeGreaterThanOrEqual(0);
      expect(overflow.viewer).toBeLessThanOrEqual(1);

      const views = viewer.getByRole("group", { name: "Camera views" });
      const legend = viewer.getByRole("list", { name: "Colours" });
      await expect(legend.getByRole("listitem").filter({ hasText: /^Laser off$/ })).toHaveCount(1);
      await expect(legend.getByRole("listitem").filter({ hasText: /^Laser full power$/ })).toHaveCount(1);
      for (const item of await legend.getByRole("listitem").all()) {
        await expectInViewAndUncovered(item, frame, viewport);
      }
      await expectInViewAndUncovered(
        viewer.getByRole("slider", { name: "Draw up to line" }),
        frame,
        viewport,
      );

      const scrollBefore = await page.evaluate(() => window.scrollY);
      for (const label of ["Top", "Front", "Iso", "Fit"]) {
        const button = views.getByRole("button", { name: label, exact: true });
        await expectInViewAndUncovered(button, frame, viewport);
        await button.click();
        await expect(viewer.getByRole("alert")).toHaveCount(0);
      }
      expect(await page.evaluate(() => window.scrollY), "no scrolling to reach a button").toBe(scrollBefore);

      // The carousel's prev/next and dots sit under the frame, clear of the viewer.
      for (const control of [
        carousel.getByRole("button", { name: "Previous file" }),
        carousel.getByRole("button", { name: "Next file" }),
        carousel.getByRole("button", { name: `Show file ${slide}`, exact: true }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.y, "under the frame").toBeGreaterThanOrEqual(frame.y + frame.height);
      }
      // The dimension labels drawn over the 3D view: the element under each is the view itself.
      const labels = await viewer.locator("canvas").evaluate((canvas) => {
        const container = canvas.closest("div.relative");
        if (!container) return [];
        return [...container.querySelectorAll<HTMLElement>("span[aria-hidden] > span")]
          .filter((label) => getComputedStyle(label).visibility === "visible")
          .map((label) => {
            const rect = label.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
            return { text: label.textContent, clear: hit !== null && container.contains(hit) };
          });
      });
      expect(labels.length, "the size labels are drawn").toBeGreaterThan(0);
      for (const label of labels) expect(label.clear, `${label.text} not covered`).toBe(true);

      // With PROJECT_SCREENSHOTS=1: what the window shows, for docs/project-page.md.
      if (process.env.PROJECT_SCREENSHOTS === "1") {
        await page.screenshot({
          path: path.join("docs", "screenshots", `project-viewer-${name.replace(" ", "-")}.png`),
        });
      }
    });
  }
});
