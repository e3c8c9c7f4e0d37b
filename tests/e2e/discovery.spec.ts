import { expect, type Page, test } from "@playwright/test";

const PASSWORD = "cncdemo123";

/** Signs the browser context in through the login call (the cookies land in the context). */
async function login(page: Page, email: string): Promise<void> {
  const baseURL = process.env.E2E_BASE_URL ?? "";
  const response = await page.request.post("/api/v1/auth/login", {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

const topResults = (page: Page) => page.getByRole("region", { name: "Top Results" });
const cardTitled = (page: Page, title: string) =>
  topResults(page)
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("home page discovery", () => {
  test("filters go into the URL as chips, and Clear All removes them", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured Designs" })).toBeVisible();
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
    await page.goto("/");
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
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search for projects" });
    await box.fill("Walnut Coa");
    const suggestion = page.getByRole("option", { name: /Walnut Coasters with Epoxy Recess/ });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page).toHaveURL(/\/model\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Walnut Coasters with Epoxy Recess" }),
    ).toBeVisible();

    await page.goto("/");
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
    await page.goto("/");
    const card = cardTitled(page, "Farmhouse Welcome Sign");
    const likeButton = card.getByRole("button", { name: /^Like \(\d+ likes\)$/ });
    const before = await likeButton.getAttribute("aria-label");
    const answer = page.waitForResponse((response) => response.url().includes("/api/v1/like/create"));
    await likeButton.click();
    expect((await answer).status()).toBe(401);
    await expect(card.getByRole("button", { name: before ?? "" })).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("signed in", () => {
  test("likes and bookmarks a project, and both survive a reload", async ({ page }) => {
    await login(page, "wendy.harlow@example.com");
    await page.goto("/");
    const card = cardTitled(page, "Farmhouse Welcome Sign");
    const likeButton = card.getByRole("button", { name: /Like \(\d+ likes\)$/ });
    const likes = Number(await card.getByTestId("like-count").textContent());

    await likeButton.click();
    await expect(card.getByRole("button", { name: `Unlike (${likes + 1} likes)` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await card.getByRole("button", { name: "Bookmark", exact: true }).click();
    await expect(card.getByRole("button", { name: "Bookmarked", exact: true })).toBeVisible();

    await page.reload();
    await expect(card.getByRole("button", { name: `Unlike (${likes + 1} likes)` })).toBeVisible();
    await expect(card.getByRole("button", { name: "Bookmarked", exact: true })).toBeVisible();
    const bookmarks = await page.request.get("/api/v1/bookmark/getBookmarkedPosts");
    const titles = ((await bookmarks.json()) as { data: { posts: { title: string }[] } }).data.posts.map(
      (post) => post.title,
    );
    expect(titles).toContain("Farmhouse Welcome Sign");

    // Undo both, so the demo data stays as it was for other journeys.
    await card.getByRole("button", { name: `Unlike (${likes + 1} likes)` }).click();
    await expect(card.getByRole("button", { name: `Like (${likes} likes)` })).toBeVisible();
    await card.getByRole("button", { name: "Bookmarked", exact: true }).click();
    await expect(card.getByRole("button", { name: "Bookmark", exact: true })).toBeVisible();
  });

  test("the owner edits or deletes their project from the card's Actions menu", async ({ page }) => {
    const title = "Cheese Knife Recess for a Charcuterie Board";
    await login(page, "mike.donnelly@example.com");
    await page.goto("/");
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
