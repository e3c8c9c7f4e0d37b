import { expect, type Page, test } from "@playwright/test";
import { type FakeController, startFakeController } from "../support/fake-controllers";

/**
 * Send to my machine (docs/send-to-machine.md) against fake controllers on this machine: gSender
 * and a Buildbotics that allows this site get the file from the page; a Buildbotics without CORS
 * is reported as blocked with the download offered; a refusing one with its words; a Onefinity
 * pulls the file with the bookmarklet's code run on its own page. Desktop and phone.
 */
const PROJECT = "Pet Portrait Raster on Basswood";
const STORAGE_KEY = "cnc-projects:controllers:v1";
const VIEWPORTS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

async function postIdByTitle(page: Page, title: string): Promise<string> {
  const response = await page.request.get("/api/v1/post/search/autoComplete", {
    params: { searchQuery: title },
  });
  const body = (await response.json()) as { data: { posts: { _id: string; title: string }[] } };
  const post = body.data.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`No seeded post titled ${title}`);
  return post._id;
}

/** The project's first G-code model and its bytes, as the download gives them. */
async function firstModel(page: Page, postId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const detail = await page.request.get(`/api/v1/post/${postId}`);
  const { data } = (await detail.json()) as {
    data: { post: { attachments: { _id: string; fileName: string; category: string }[] } };
  };
  const model = data.post.attachments.find((attachment) => attachment.category === "postModel");
  if (!model) throw new Error("The project has no model");
  const signed = await page.request.get("/api/v1/attachment/getPreSignedUrl", {
    params: { attachmentId: model._id },
  });
  const { data: url } = (await signed.json()) as { data: { signedURL: string } };
  const file = await page.request.get(url.signedURL);
  return { fileName: model.fileName, bytes: Buffer.from(await file.body()) };
}

const uploadsOnly = (fake: FakeController) =>
  fake.requests.every(
    (request) => request.method === "OPTIONS" || /^\/api\/(file|fs\/Home)(\/|$)/.test(request.path),
  );

test.describe("send to my machine", () => {
  const fakes: FakeController[] = [];
  const start = async (...args: Parameters<typeof startFakeController>) => {
    const fake = await startFakeController(...args);
    fakes.push(fake);
    return fake;
  };
  test.afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  });

  for (const viewport of VIEWPORTS) {
    test(`${viewport.name}: gSender and an allowing Buildbotics get the file; blocked and refused say so`, async ({
      page,
    }) => {
      // Four controllers and a form on a shared 2-core machine: more than the default minute.
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const origin = new URL(process.env.E2E_BASE_URL ?? "").origin;
      const gsender = await start("gsender");
      const allowing = await start("buildbotics", { corsOrigins: [origin] });
      const closed = await start("buildbotics");
      const refusing = await start("refusing", { refuseStatus: 409, refuseText: "Busy: a job is running" });
      const id = await postIdByTitle(page, PROJECT);
      const model = await firstModel(page, id);

      await page.goto(`/model/${id}`);
      await page.getByRole("button", { name: "Send to my machine" }).click();
      const dialog = page.getByRole("dialog", { name: "Send to my machine" });
      await expect(dialog.getByText("No controllers in this browser yet.")).toBeVisible();

      // Added through the management form; the others are stored the same way.
      await dialog.getByRole("button", { name: "Add a controller" }).click();
      const manage = page.getByRole("dialog", { name: "Your controllers" });
      await manage.getByLabel("Name").fill("Shop gSender");
      await manage.getByLabel("Kind").selectOption("gsender");
      await manage.getByLabel("Address").fill(gsender.url);
      await manage.getByLabel("Serial port").fill("COM3");
      await manage.getByRole("button", { name: "Add controller" }).click();
      await expect(manage.getByRole("list", { name: "Your controllers" })).toContainText("Shop gSender");
      await manage.getByRole("button", { name: "Done" }).click();

      await dialog.getByRole("button", { name: "Send to Shop gSender" }).click();
      await expect(dialog.getByRole("status")).toContainText(`Sent ${model.fileName} to Shop gSender.`);
      expect(gsender.received).toHaveLength(1);
      expect(gsender.received[0]!.bytes.equals(model.bytes)).toBe(true);
      expect(gsender.received[0]!.port).toBe("COM3");

      const stored = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "[]") as unknown[],
        STORAGE_KEY,
      );
      await page.evaluate(({ key, list }) => localStorage.setItem(key, JSON.stringify(list)), {
        key: STORAGE_KEY,
        list: [
          ...stored,
          { id: "bb-open", name: "Garage Buildbotics", kind: "buildbotics", address: allowing.url },
          { id: "bb-closed", name: "Closed Buildbotics", kind: "buildbotics", address: closed.url },
          { id: "busy", name: "Busy gSender", kind: "gsender", address: refusing.url },
        ],
      });
      // The dialog reads the stored list when it opens again.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await page.getByRole("button", { name: "Send to my machine" }).click();

      await dialog.getByRole("radio", { name: /Garage Buildbotics/ }).check();
      await expect(dialog.getByText("network.cors-origins")).toBeVisible();
      await dialog.getByRole("button", { name: "Send to Garage Buildbotics" }).click();
      await expect(dialog.getByRole("status")).toContainText(`Sent ${model.fileName} to Garage Buildbotics.`);
      expect(allowing.received.map((file) => file.path)).toEqual([`/api/fs/Home/${model.fileName}`]);
      expect(allowing.received[0]!.bytes.equals(model.bytes)).toBe(true);

      await dialog.getByRole("radio", { name: /Closed Buildbotics/ }).check();
      await dialog.getByRole("button", { name: "Send to Closed Buildbotics" }).click();
      await expect(dialog.getByRole("alert")).toContainText(
        "The browser blocked the call to Closed Buildbotics",
      );
      await expect(dialog.getByRole("button", { name: `Download ${model.fileName} instead` })).toBeVisible();
      expect(closed.received).toEqual([]);

      await dialog.getByRole("radio", { name: /Busy gSender/ }).check();
      await dialog.getByRole("button", { name: "Send to Busy gSender" }).click();
      await expect(dialog.getByRole("alert")).toContainText(
        "Busy gSender refused the file: 409 Busy: a job is running",
      );

      for (const fake of [gsender, allowing, closed, refusing]) expect(uploadsOnly(fake)).toBe(true);
    });
  }

  test("Onefinity: the bookmarklet's code, run on the controller's page, pulls the file through a send link", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const onefinity = await start("onefinity");
    const id = await postIdByTitle(page, PROJECT);
    const model = await firstModel(page, id);
    await page.goto(`/model/${id}`);
    await page.evaluate(
      ({ key, address }) =>
        localStorage.setItem(
          key,
          JSON.stringify([{ id: "of", name: "Garage Onefinity", kind: "onefinity", address }]),
        ),
      { key: STORAGE_KEY, address: onefinity.url },
    );
    await page.reload();
    // From the download dialog's row this time.
    await page.getByRole("button", { name: /^Download \(average/ }).click();
    await page.getByRole("button", { name: `Send ${model.fileName} to my machine` }).click();
    const dialog = page.getByRole("dialog", { name: "Send to my machine" });
    await dialog.getByRole("button", { name: "Make a send link" }).click();
    const link = await dialog.getByRole("textbox", { name: "Send link" }).inputValue();
    expect(link).toContain("/api/v1/attachment/sendFile?");
    const href = await dialog.getByTestId("onefinity-bookmarklet").getAttribute("href");
    expect(href?.startsWith("javascript:")).toBe(true);
    const script = decodeURIComponent(href!.slice("javascript:".length)).replace(/;\s*$/, "");

    const controllerPage = await context.newPage();
    await controllerPage.goto(onefinity.url);
    const alerts: string[] = [];
    controllerPage.on("dialog", (prompt) => {
      if (prompt.type() === "prompt") void prompt.accept(link);
      else {
        alerts.push(prompt.message());
        void prompt.accept();
      }
    });
    await controllerPage.evaluate(script);
    expect(alerts).toEqual([
      `Sent ${model.fileName} to this controller. It is selected, not started: check it and start it on the controller.`,
    ]);
    expect(onefinity.received).toHaveLength(1);
    expect(onefinity.received[0]!.path).toBe(`/api/file/${model.fileName}`);
    expect(onefinity.received[0]!.bytes.equals(model.bytes)).toBe(true);
    // Besides its own page (and the browser's favicon request), only the upload.
    expect(onefinity.requests.filter((request) => request.method !== "GET")).toEqual([
      { method: "PUT", path: `/api/file/${model.fileName}` },
    ]);
  });
});
