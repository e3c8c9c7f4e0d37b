import { expect, type Page, test } from "@playwright/test";
import { signIn as login } from "./fixtures";

// In a real browser: a link inside the site cannot run a state-changing GET, and every
// page runs under its Content-Security-Policy without a violation (docs/security.md).
const LENA = "lena.kowalski@example.com";
const PET_PORTRAIT = "Pet Portrait Raster on Basswood";

async function postIdByTitle(page: Page, title: string): Promise<string> {
  const response = await page.request.get("/api/v1/post/search/autoComplete", {
    params: { searchQuery: title },
  });
  const body = (await response.json()) as { data: { posts: { _id: string; title: string }[] } };
  const post = body.data.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`No seeded post titled ${title}`);
  return post._id;
}

async function attachmentIds(page: Page, postId: string): Promise<string[]> {
  const response = await page.request.get(`/api/v1/post/${postId}`);
  const body = (await response.json()) as { data: { post: { attachments: { _id: string }[] } } };
  return body.data.post.attachments.map((file) => file._id);
}

test.describe("state-changing GETs and links", () => {
  test("the owner clicking an in-site link to deleteAttachment deletes nothing", async ({ page }) => {
    const postId = await postIdByTitle(page, PET_PORTRAIT);
    await login(page, LENA);
    const before = await attachmentIds(page, postId);
    const target = before[0]!;
    await page.goto(`/model/${postId}`);
    await expect(page.getByRole("heading", { level: 1, name: PET_PORTRAIT })).toBeVisible();
    // A link as a comment or any other in-site content could carry it.
    await page.evaluate((id) => {
      const link = document.createElement("a");
      link.href = `/api/v1/attachment/deleteAttachment/${id}`;
      link.textContent = "Click me";
      link.id = "planted-link";
      document.body.prepend(link);
    }, target);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().includes("/deleteAttachment/")),
      page.locator("#planted-link").click(),
    ]);
    expect(response.status()).toBe(403);
    expect(await attachmentIds(page, postId)).toContain(target);

    // A logout link does not end the session either.
    await page.goto("/api/v1/auth/logout");
    const me = await page.request.get("/api/v1/auth/me");
    expect(me.status()).toBe(200);
  });
});

/** Collects CSP violations (console reports and securitypolicyviolation events) of a page. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(text)) {
      violations.push(text);
    }
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

/** Loads a page, checks its policy header, and that Next's inline scripts ran (hydration data). */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const policy = (await response!.allHeaders())["content-security-policy"] ?? "";
  expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' .*'strict-dynamic'/);
  expect(policy, path).toContain("object-src 'none'");
  expect(policy, path).toContain("base-uri 'none'");
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect((await response!.allHeaders())["x-frame-options"], path).toBe("DENY");
  expect((await response!.allHeaders())["x-content-type-options"], path).toBe("nosniff");
  await page.waitForLoadState("networkidle");
  const ranInlineScripts = await page.evaluate(() =>
    Array.isArray((window as unknown as { __next_f?: unknown }).__next_f),
  );
  expect(ranInlineScripts, path).toBe(true);
}

test.describe("Content-Security-Policy", () => {
  test("every page loads without a CSP violation, signed out and signed in", async ({ page }) => {
    const violations = await watchCsp(page);
    const postId = await postIdByTitle(page, PET_PORTRAIT);
    // Signed out: the cached guest home page twice (the second answer comes from the ISR cache).
    for (const path of [
      "/",
      "/",
      `/model/${postId}`,
      "/laser_lena",
      "/signup",
      "/viewer",
      "/privacyPolicy",
    ]) {
      await visit(page, path);
    }
    // An unknown address of several segments: a 404 page without scripts, under the same policy.
    const unknown = await page.goto("/no-such-page-here/at-all");
    expect(unknown?.status()).toBe(404);
    expect((await unknown!.allHeaders())["content-security-policy"]).toContain("'strict-dynamic'");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    // The guest page's scripts really run: the login button opens its dialog.
    await page.goto("/");
    await expect(async () => {
      await page
        .getByRole("button", { name: /log ?in/i })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1000 });
    }).toPass();

    await login(page, LENA);
    for (const path of [
      "/",
      `/model/${postId}`,
      "/laser_lena",
      "/changePassword",
      "/viewer",
      "/privacyPolicy",
    ]) {
      await visit(page, path);
    }
    expect(violations).toEqual([]);
  });
});
