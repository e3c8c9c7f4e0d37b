import { expect, test } from "@playwright/test";

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

test.describe("G-code previewer", () => {
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
