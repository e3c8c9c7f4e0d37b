import { expect, type Page, type Response, test } from "@playwright/test";
import { signIn as login } from "./fixtures";

const PASSWORD = "cncdemo123";

/**
 * Opens the home page and waits until it has hydrated before a test changes a filter (a select
 * changed before hydration would not navigate): until the network is quiet and React has taken
 * the filter bar's first select (it then holds React's props). A quiet network alone is not
 * enough on a busy machine, where the scripts may still run after their last download.
 */
async function openHome(page: Page, path = "/"): Promise<void> {
  await page.goto(path, { waitUntil: "networkidle" });
  await page.waitForFunction(() => {
    const select = document.querySelector("main select");
    return select !== null && Object.keys(select).some((key) => key.startsWith("__reactProps$"));
  });
}

/** A public post's id, found through the listing's search. */
async function postIdOf(page: Page, title: string): Promise<string> {
  const response = await page.request.get(`/api/v1/post?searchQuery=${encodeURIComponent(title)}`);
  const { data } = (await response.json()) as { data: { posts: { _id: string; title: string }[] } };
  const post = data.posts.find((item) => item.title === title);
  if (!post) throw new Error(`no public post titled ${title}`);
  return post._id;
}

const topResults = (page: Page) => page.getByRole("region", { name: "Top Results" });
const cardTitled = (page: Page, title: string) =>
  topResults(page)
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("home page discovery", () => {
  test("filters go into the URL as chips, and Clear All removes them", async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole("heading", { name: "Featured Designs" })).toBeVisible();
    // The carousel holds the first 5 posts, the same as the top of the unfiltered grid (in loop
    // mode Swiper moves slides around in the DOM, so compare them as sets).
    const featured = page.getByRole("region", { name: "Featured Designs" }).getByRole("article");
    await expect(featured).toHaveCount(5);
    const gridTitles = await topResults(page).getByRole("article").getByRole("heading").allTextContents();
    expect((await featured.getByRole("heading").allTextContents()).sort()).toEqual(
      gridTitles.slice(0, 5).sort(),
    );
    await expect(topResults(page).getByRole("article")).toHaveCount(20);

    await page.getByLabel("Tool Type").selectOption("Laser");
    await expect(page).toHaveURL(/toolType=Laser/);
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips.getByRole("button", { name: "Remove filter Laser" })).toBeVisible();
    // One chip: no 'Clear All' yet.
    await expect(page.getByRole("button", { name: "Clear All" })).toHaveCount(0);
    await expect(cardTitled(page, "Pet Portrait Raster on Basswood")).toBeVisible();
    await expect(cardTitled(page, "Farmhouse Welcome Sign")).toHaveCount(0);

    await page.getByRole("button", { name: "Onefinity", exact: true }).click();
    await expect(page).toHaveURL(/author=onefinity/);
    await expect(chips.getByRole("button")).toHaveCount(3);

    await chips.getByRole("button", { name: "Remove filter Laser" }).click();
    await expect(page).not.toHaveURL(/toolType/);
    await expect(cardTitled(page, "Onefinity Coaster Sampler")).toBeVisible();
    await expect(cardTitled(page, "Farmhouse Welcome Sign")).toHaveCount(0);

    await page.getByLabel("Posted At").selectOption("This Year");
    await expect(page).toHaveURL(/postedAt=This\+Year|postedAt=This%20Year/);
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
    await expect(topResults(page).getByRole("article")).toHaveCount(20);
  });

  test("the Top Results grid loads more pages while scrolling", async ({ page }) => {
    await openHome(page);
    const cards = topResults(page).getByRole("article");
    await expect(cards).toHaveCount(20);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(40);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(async () => cards.count()).toBeGreaterThan(40);
    // The last page had fewer than 20: no more requests, no sentinel.
    await expect(page.getByTestId("grid-sentinel")).toHaveCount(0);
    const titles = await cards.getByRole("heading").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
  });

  test("autocomplete opens a project, and Enter opens the search drawer", async ({ page }) => {
    await openHome(page);
    const box = page.getByRole("combobox", { name: "Search for projects" });
    await box.fill("Walnut Coa");
    const suggestion = page.getByRole("option", { name: /Walnut Coasters with Epoxy Recess/ });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    // Under `next dev` the project page may compile on this first visit.
    await expect(page).toHaveURL(/\/model\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(
      page.getByRole("heading", { level: 1, name: "Walnut Coasters with Epoxy Recess" }),
    ).toBeVisible({ timeout: 30_000 });

    await openHome(page);
    await page.getByRole("combobox", { name: "Search for projects" }).fill("coaster");
    await page.getByRole("combobox", { name: "Search for projects" }).press("Enter");
    const drawer = page.getByRole("dialog", { name: /^Search Results \(\d+\)$/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("article").first()).toBeVisible();
    const heading = await drawer.getByRole("heading", { name: /Search Results/ }).textContent();
    const count = Number(/\((\d+)\)/.exec(heading ?? "")?.[1]);
    expect(count).toBeGreaterThan(1);
    await expect(drawer.getByRole("article")).toHaveCount(Math.min(count, 20));
    await drawer.getByRole("button", { name: "Close search results" }).click();
    await expect(drawer).toHaveCount(0);
  });

  test("a visitor's like goes out, is refused with 401 and rolls back", async ({ page }) => {
    await openHome(page);
    const card = cardTitled(page, "Farmhouse Welcome Sign");
    const likeButton = card.getByRole("button", { name: /^Like \(\d+ likes\)$/ });
    const before = await likeButton.getAttribute("aria-label");
    const answer = page.waitForResponse((response) => response.url().includes("/api/v1/like/create"));
    await likeButton.click();
    // The login dialog opens and the create call still goes out, to be refused.
    const login = page.getByRole("dialog", { name: "Log in" });
    await expect(login).toBeVisible();
    expect((await answer).status()).toBe(401);
    await page.keyboard.press("Escape");
    await expect(login).toHaveCount(0);
    await expect(card.getByRole("button", { name: before ?? "" })).toHaveAttribute("aria-pressed", "false");
  });

  test("the rating button opens the Ratings Distribution dialog", async ({ page }) => {
    await openHome(page);
    const card = cardTitled(page, "Farmhouse Welcome Sign");
    await card.getByRole("button", { name: /^Ratings: \d\.\d$/ }).click();
    const dialog = page.getByRole("dialog", { name: "Ratings Distribution" });
    await expect(dialog).toBeVisible();
    for (const criterion of ["Cut expectation", "Cut quality", "Correct file information", "Cool factor"]) {
      await expect(dialog.getByText(criterion)).toBeVisible();
    }
    await expect(dialog.getByText("Weighted total")).toBeVisible();
    await expect(dialog).toContainText(/From \d+ rated makes?\./);
  });
});

test.describe("signed in", () => {
  test("likes and bookmarks a project, and both survive a reload", async ({ page }) => {
    const title = "Farmhouse Welcome Sign";
    await login(page, "wendy.harlow@example.com");
    // Start from "neither liked nor bookmarked", whatever the demo data gave this user.
    const postId = await postIdOf(page, title);
    const origin = { origin: process.env.E2E_BASE_URL ?? "" };
    expect(
      (await page.request.delete(`/api/v1/like/delete?postId=${postId}`, { headers: origin })).ok(),
    ).toBe(true);
    expect(
      (await page.request.delete(`/api/v1/bookmark/delete?postId=${postId}`, { headers: origin })).ok(),
    ).toBe(true);

    await openHome(page);
    const card = cardTitled(page, title);
    const likeButton = card.getByRole("button", { name: /^Like \(\d+ likes\)$/ });
    const likes = Number(await card.getByTestId("like-count").textContent());

    // The card updates at once (optimistic); the reload below waits for the server's answers.
    const liked = page.waitForResponse((response) => response.url().includes("/api/v1/like/create"));
    await likeButton.click();
    await expect(card.getByRole("button", { name: `Unlike (${likes + 1} likes)` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect((await liked).status()).toBe(200);
    // The same project in the featured carousel follows the confirmed like.
    const featuredCard = page
      .getByRole("region", { name: "Featured Designs" })
      .locator("article")
      .filter({ hasText: title });
    await expect(featuredCard.getByTestId("like-count")).toHaveText(String(likes + 1));
    const bookmarked = page.waitForResponse((response) => response.url().includes("/api/v1/bookmark/create"));
    await card.getByRole("button", { name: "Bookmark", exact: true }).click();
    await expect(card.getByRole("button", { name: "Bookmarked", exact: true })).toBeVisible();
    expect((await bookmarked).status()).toBe(200);

    await page.reload();
    await expect(card.getByRole("button", { name: `Unlike (${likes + 1} likes)` })).toBeVisible();
    await expect(card.getByRole("button", { name: "Bookmarked", exact: true })).toBeVisible();
    const bookmarks = await page.request.get("/api/v1/bookmark/getBookmarkedPosts");
    const titles = ((await bookmarks.json()) as { data: { posts: { title: string }[] } }).data.posts.map(
      (post) => post.title,
    );
    expect(titles).toContain(title);

    // Undo both through the card.
    await card.getByRole("button", { name: `Unlike (${likes + 1} likes)` }).click();
    await expect(card.getByRole("button", { name: `Like (${likes} likes)` })).toBeVisible();
    await card.getByRole("button", { name: "Bookmarked", exact: true }).click();
    await expect(card.getByRole("button", { name: "Bookmark", exact: true })).toBeVisible();
  });

  test("the owner edits or deletes their project from the card's Actions menu", async ({ page }) => {
    const title = "Cheese Knife Recess for a Charcuterie Board";
    await login(page, "mike.donnelly@example.com");
    await openHome(page);
    const box = page.getByRole("combobox", { name: "Search for projects" });
    await box.fill(title);
    await box.press("Enter");
    const drawer = page.getByRole("dialog", { name: /^Search Results/ });
    const card = drawer
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toBeVisible();
    // The owner gets Actions instead of Bookmark.
    await expect(card.getByRole("button", { name: "Bookmark", exact: true })).toHaveCount(0);

    await card.getByRole("button", { name: "Actions" }).click();
    const edit = page.getByRole("menuitem", { name: "Edit Project" });
    await expect(edit).toHaveAttribute("href", /^\/project\/edit\/[0-9a-f-]{36}\?page=1&edit=true$/);
    const postId = /edit\/([0-9a-f-]{36})/.exec((await edit.getAttribute("href")) ?? "")?.[1];
    await page.getByRole("menuitem", { name: "Delete Project" }).click();

    const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
    await expect(confirm).toContainText(
      "Are you sure you want to delete this project? This action cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Project deleted")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/v1/post/${postId}`)).status()).toBe(404);
  });
});

/** The response of a client-side render of `/` (router.refresh, a link), not of a prefetch. */
function isHomeRender(response: Response): boolean {
  const headers = response.request().headers();
  return (
    new URL(response.url()).pathname === "/" &&
    headers["rsc"] === "1" &&
    headers["next-router-prefetch"] === undefined &&
    headers["next-router-segment-prefetch"] === undefined
  );
}

test.describe("the cached guest home page (docs/decisions/007)", () => {
  test("a signed-out visitor's / comes from the ISR cache; a session cookie or a filter is rendered per request", async ({
    request,
  }) => {
    // The first request may be the one that renders the page into the cache.
    await request.get("/");
    const guest = await request.get("/");
    expect(guest.status()).toBe(200);
    expect(guest.headers()["x-nextjs-cache"]).toMatch(/^(HIT|STALE)$/);
    // One URL, two answers: no shared cache may keep the guest copy.
    expect(guest.headers()["cache-control"]).toMatch(/^private, no-cache, no-store/);
    expect(await guest.text()).toContain("Farmhouse Welcome Sign");

    for (const [path, cookie] of [
      ["/", "access_token=not-a-valid-token"],
      ["/", "refresh_token=not-a-valid-token"],
      ["/?toolType=Laser", ""],
      ["/?postedAt=All", ""],
    ] as const) {
      const response = await request.get(path, { headers: cookie ? { cookie } : {} });
      expect(response.status(), `${path} ${cookie}`).toBe(200);
      expect(response.headers()["x-nextjs-cache"], `${path} ${cookie}`).toBeUndefined();
    }
    // A marker header sent by the client itself does not select the cached page.
    const forged = await request.get("/", {
      headers: { cookie: "refresh_token=not-a-valid-token", "x-cnc-guest-home": "1" },
    });
    expect(forged.headers()["x-nextjs-cache"]).toBeUndefined();

    // The cached page's own address is not public.
    const direct = await request.get("/guest-home/top", { maxRedirects: 0 });
    expect(direct.status()).toBe(307);
    expect(direct.headers()["location"]).toBe("/");
  });

  test("signing in on the cached page re-renders it for the member, and logging out brings it back", async ({
    page,
    request,
  }) => {
    const title = "Pet Portrait Raster on Basswood";
    const email = "wendy.harlow@example.com";
    // The member likes the project through a session of their own: the browser stays signed out.
    const signIn = await request.post("/api/v1/auth/login", {
      data: { email, password: PASSWORD },
      headers: { origin: process.env.E2E_BASE_URL ?? "" },
    });
    expect(signIn.status()).toBe(200);
    const postId = await postIdOf(page, title);
    const origin = { origin: process.env.E2E_BASE_URL ?? "" };
    expect((await request.post("/api/v1/like/create", { data: { postId }, headers: origin })).ok()).toBe(
      true,
    );

    try {
      const home = await page.goto("/", { waitUntil: "networkidle" });
      expect(home?.headers()["x-nextjs-cache"]).toBeDefined();
      const card = cardTitled(page, title);
      await expect(card.getByRole("button", { name: /^Like \(\d+ likes\)$/ })).toHaveAttribute(
        "aria-pressed",
        "false",
      );

      // The login dialog calls router.refresh(): the same URL, now with the session cookies.
      const refreshed = page.waitForResponse(isHomeRender);
      await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
      const dialog = page.getByRole("dialog", { name: "Log in" });
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Password").fill(PASSWORD);
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      const memberRender = await refreshed;
      expect(memberRender.headers()["x-nextjs-cache"]).toBeUndefined();
      expect(memberRender.headers()["x-nextjs-rewritten-path"]).toBeUndefined();
      await expect(card.getByRole("button", { name: /^Unlike \(\d+ likes\)$/ })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.getByRole("button", { name: "My Account" })).toBeVisible();

      // Logging out loads `/` again without the cookies: the cached page, with nothing liked.
      const guestLoad = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/" && response.request().resourceType() === "document",
      );
      // The refresh re-renders the header and may close a menu opened meanwhile: open it again then.
      const account = page.getByRole("button", { name: "My Account" });
      await expect(async () => {
        if ((await account.getAttribute("aria-expanded")) !== "true") await account.click();
        await page.getByRole("menuitem", { name: "Log out" }).click({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      expect((await guestLoad).headers()["x-nextjs-cache"]).toBeDefined();
      await expect(page.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();
      await expect(card.getByRole("button", { name: /^Like \(\d+ likes\)$/ })).toHaveAttribute(
        "aria-pressed",
        "false",
      );

      // A client-side navigation back to the home page (the logo) works from another route.
      await card
        .getByRole("link", { name: new RegExp(title) })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await page.getByRole("link", { name: "CNC Projects home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(topResults(page).getByRole("article")).toHaveCount(20);
    } finally {
      await request.delete(`/api/v1/like/delete?postId=${postId}`, { headers: origin });
    }
  });
});
