import { test as base, expect, type Page } from "@playwright/test";

/** Every seeded demo account's password (scripts/seed/content/people.ts). */
export const DEMO_PASSWORD = "cncdemo123";

/**
 * The shared `login` fixture: signs the page's browser context in through the API (the cookies
 * land in the context), so journeys start signed in without repeating the login dialog.
 */
export const test = base.extend<{ login: (email: string) => Promise<void> }>({
  // Playwright's fixture callback is named `provide` here: ESLint's hook rule reads `use` as React's.
  login: async ({ page }, provide) => {
    await provide(async (email: string) => signIn(page, email));
  },
});

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const origin = process.env.E2E_BASE_URL;
  if (!origin) throw new Error("E2E_BASE_URL is not set (tests/e2e/global-setup.ts sets it)");
  const response = await page.request.post("/api/v1/auth/login", {
    data: { email, password },
    headers: { origin, "x-forwarded-for": signInAddress() },
  });
  expect(response.status()).toBe(200);
}

let signIns = 0;
/** A private address per sign-in: the server trusts 127.0.0.1 as a proxy (global-setup.ts). */
function signInAddress(): string {
  signIns += 1;
  return `10.${process.pid % 250}.${Math.floor(signIns / 250) % 250}.${(signIns % 250) + 1}`;
}

export { expect };
