import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";

// A 40 x 20 mm rectangle cut 1.5 mm deep; the plunge starts at Z5, so the cut box is 6.5 mm tall.
const PROGRAM = [
  "(viewer e2e rectangle)",
  "G21 G90",
  "G0 Z5",
  "G0 X0 Y0",
  "G1 Z-1.5 F200",
  "G1 X40",
  "G1 Y20",
  "G1 X0",
  "G1 Y0",
  "G0 Z5",
  "M30",
  "",
].join("\n");

type Box = { min: number[]; max: number[] };
type Analysis = { units: "mm" | "inch"; cutBounds: Box; segmentCount: number; isLaser: boolean };
type Attachment = { category: string; url: string | null; fileName: string; gcodeAnalysis: Analysis | null };

/** A seeded public project's first G-code model, with the analysis stored when it was seeded. */
async function seededModel(
  page: Page,
  title: string,
): Promise<{ postId: string; model: Attachment; analysis: Analysis }> {
  const list = await page.request.get(`/api/v1/post?searchQuery=${encodeURIComponent(title)}`);
  const { data } = (await list.json()) as { data: { posts: { _id: string; title: string }[] } };
  const postId = data.posts.find((item) => item.title === title)?._id;
  if (!postId) throw new Error(`no public post titled ${title}`);
  const detail = await page.request.get(`/api/v1/post/${postId}`);
  expect(detail.status()).toBe(200);
  const { post } = ((await detail.json()) as { data: { post: { attachments: Attachment[] } } }).data;
  const model = post.attachments.find((attachment) => attachment.category === "postModel");
  if (!model?.url) throw new Error(`${title} has no model`);
  // Analysis on upload: the seed stores it with the attachment.
  expect(model.gcodeAnalysis, `${title}: stored G-code analysis`).not.toBeNull();
  return { postId, model, analysis: model.gcodeAnalysis! };
}

/** The viewer's size line for an analysis: X × Y × Z of the cut box, 2 decimals, file units. */
function expectedDimensions(analysis: Analysis): string {
  const size = [0, 1, 2].map((axis) =>
    (analysis.cutBounds.max[axis]! - analysis.cutBounds.min[axis]!).toFixed(2),
  );
  return `${size.join(" × ")} ${analysis.units === "inch" ? "in" : "mm"}`;
}

/** Pixels of the canvas by colour family: proves the toolpath was drawn, not just the page. */
async function canvasColours(canvas: Locator): Promise<{ red: number; other: number }> {
  const { data, info } = await sharp(await canvas.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  let other = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 180 && g < 90 && b < 90) red++;
    else if (Math.max(r, g, b) - Math.min(r, g, b) > 40) other++;
  }
  return { red, other };
}

test.describe("G-code previewer", () => {
  test("a seeded project's model is drawn on its page with the stored size", async ({ page }) => {
    const { postId, model, analysis } = await seededModel(page, "Farmhouse Welcome Sign");
    await page.goto(`/model/${postId}`);
    // Slide 1 is the thumbnail, the models follow.
    const carousel = page.getByRole("region", { name: "Project files" });
    // Retried: a click before the page has hydrated does nothing.
    await expect(async () => {
      await carousel.getByRole("button", { name: "Next file" }).click();
      await expect(carousel.getByText(model.fileName)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    const viewer = carousel.getByRole("region", { name: "G-code preview" });
    await expect(viewer.getByTestId("gcode-dimensions")).toHaveText(expectedDimensions(analysis), {
      timeout: 60_000,
    });
    await expect(viewer.getByRole("alert")).toHaveCount(0);
    const canvas = viewer.locator("canvas");
    await expect(canvas).toBeVisible();
    await expect
      .poll(
        async () => {
          const { red, other } = await canvasColours(canvas);
          return red > 20 && other > 200;
        },
        { message: "rapids (red) and cuts (tool colour) are drawn" },
      )
      .toBe(true);
  });

  test("a seeded laser model opens in /viewer from its URL", async ({ page }) => {
    const { model, analysis } = await seededModel(page, "Pet Portrait Raster on Basswood");
    expect(analysis.isLaser).toBe(true);
    await page.goto(`/viewer?url=${encodeURIComponent(model.url!)}`);
    const viewer = page.getByRole("region", { name: /^G-code preview of / });
    await expect(viewer.getByTestId("gcode-dimensions")).toHaveText(expectedDimensions(analysis), {
      timeout: 60_000,
    });
    await expect(viewer.getByText("Engraved area (X × Y × Z)")).toBeVisible();
    await expect(viewer.getByText("Laser full power")).toBeVisible();
  });

  test("a local file is drawn with its size and a line slider", async ({ page }) => {
    await page.goto("/viewer");
    await expect(page.getByRole("heading", { level: 1, name: "G-code previewer" })).toBeVisible();
    await expect(page.getByText("No file open yet.")).toBeVisible();

    await page.getByLabel("Choose a file").setInputFiles({
      name: "rectangle.nc",
      mimeType: "text/plain",
      buffer: Buffer.from(PROGRAM),
    });

    const viewer = page.getByRole("region", { name: "G-code preview of rectangle.nc" });
    await expect(viewer.getByTestId("gcode-dimensions")).toHaveText("40.00 × 20.00 × 6.50 mm", {
      timeout: 60_000,
    });
    await expect(viewer.getByText("Millimetres")).toBeVisible();
    await expect(viewer.locator("canvas")).toBeVisible();

    // The slider starts at the last line and shows that line's text.
    const slider = viewer.getByRole("slider", { name: "Draw up to line" });
    await expect(slider).toHaveValue("10");
    await expect(viewer.getByText("11 of 11")).toBeVisible();
    await expect(viewer.getByTestId("gcode-line-text")).toContainText("M30");

    // Keyboard: Home goes to the first line, then the arrow keys step line by line.
    await slider.focus();
    await page.keyboard.press("Home");
    await expect(viewer.getByTestId("gcode-line-text")).toContainText("(viewer e2e rectangle)");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("5 of 11")).toBeVisible();
    await expect(viewer.getByTestId("gcode-line-text")).toContainText("G1 Z-1.5 F200");

    for (const name of ["Top", "Front", "Iso", "Fit"]) {
      await viewer.getByRole("button", { name }).click();
    }
    await expect(viewer.getByRole("alert")).toHaveCount(0);
  });

  test("a .gco vector laser job is shown as a laser job, and .tap files are read from a drop", async ({
    page,
  }) => {
    // A laser cutter's .gco with M3/M5 around each path (no M4), work zero set at X10 Y10.
    const laser = [
      "G21 G90",
      "G0 X10 Y10",
      "G10 L20 P1 X0 Y0",
      "M3 S1000",
      "G1 X20 F1500",
      "G1 Y10",
      "M5",
      "G0 X30 Y0",
      "M3 S1000",
      "G1 X50",
      "M5",
      "G0 X0 Y0",
      "",
    ].join("\n");
    await page.goto("/viewer");
    const picker = page.getByLabel("Choose a file");
    await expect(picker).toHaveAttribute("accept", /\.gco\b/);
    await expect(picker).toHaveAttribute("accept", /\.tap\b/);
    await picker.setInputFiles({ name: "sign.gco", mimeType: "text/plain", buffer: Buffer.from(laser) });

    const viewer = page.getByRole("region", { name: "G-code preview of sign.gco" });
    // Powered moves in the program's frame: X 0..50, Y 0..10, all at Z0.
    await expect(viewer.getByTestId("gcode-dimensions")).toHaveText("50.00 × 10.00 × 0.00 mm", {
      timeout: 60_000,
    });
    await expect(viewer.getByText("Engraved area (X × Y × Z)")).toBeVisible();
    await expect(viewer.getByTestId("gcode-power")).toHaveText("S 1000 (100 %)");
    await expect(viewer.getByText("Laser full power")).toBeVisible();

    // Drag and drop reads the same list: a .tap opens, a photo is refused with a message.
    const dropZone = page.getByText("Drop a G-code file here").locator("xpath=../..");
    const drop = async (name: string, content: string): Promise<void> => {
      const dataTransfer = await page.evaluateHandle(
        ([fileName, text]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], fileName, { type: "text/plain" }));
          return transfer;
        },
        [name, content] as const,
      );
      await dropZone.dispatchEvent("drop", { dataTransfer });
    };
    await drop("photo.png", "not g-code");
    await expect(page.getByRole("alert").filter({ hasText: "photo.png is not a G-code file" })).toBeVisible();
    await drop("part.tap", PROGRAM);
    await expect(
      page.getByRole("region", { name: "G-code preview of part.tap" }).getByTestId("gcode-dimensions"),
    ).toHaveText("40.00 × 20.00 × 6.50 mm", { timeout: 60_000 });
  });

  test("a URL that cannot be loaded shows the spec's failure message", async ({ page }) => {
    await page.goto("/viewer?url=/no-such-model-file.nc");
    await expect(page.getByRole("alert").filter({ hasText: "Failed to Load the model." })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByTestId("gcode-dimensions")).toHaveCount(0);
  });

  test("a file with no moves shows the failure message", async ({ page }) => {
    await page.goto("/viewer");
    await page.getByLabel("Choose a file").setInputFiles({
      name: "empty.nc",
      mimeType: "text/plain",
      buffer: Buffer.from("(nothing here)\n%\n"),
    });
    await expect(page.getByText("Failed to Load the model.")).toBeVisible({ timeout: 60_000 });
  });
});
