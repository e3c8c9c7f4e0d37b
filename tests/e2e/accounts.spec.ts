import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { extractOtp, extractResetUrl, waitForMail } from "../support/outbox";
import { expectToast, recordToasts } from "./toasts";

const outboxDir = () => {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error("E2E_OUTBOX_DIR is not set (tests/e2e/global-setup.ts sets it)");
  return dir;
};

/** A username and address nobody else uses: 4-15 characters, starting with a letter. */
function uniqueAccount(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(-9);
  const username = `${prefix}${suffix}`.slice(0, 15);
  return { username, email: `${username}@example.com`, password: "first-pass-123" };
}

/** One catalogue variant with its model and brand ids, for accounts made over the API. */
async function someMachine(request: APIRequestContext, index = 0) {
  const brands = (await (await request.get("/api/v1/cncBrand/getBrands")).json()) as {
    data: { brands: { _id: string; name: string }[] };
  };
  const onefinity = brands.data.brands.find((brand) => brand.name === "Onefinity") ?? brands.data.brands[0];
  if (!onefinity) throw new Error("The seeded catalogue has no brands");
  const models = (await (
    await request.get(`/api/v1/cncModel/getModels?brandId=${onefinity._id}`)
  ).json()) as {
    data: { models: { _id: string; name: string }[] };
  };
  const model = models.data.models.find((item) => item.name === "Woodworker") ?? models.data.models[0];
  if (!model) throw new Error("The seeded catalogue has no models");
  const variants = (await (
    await request.get(`/api/v1/cncVariant/getVariants?modelId=${model._id}`)
  ).json()) as {
    data: { variants: { _id: string; name: string }[] };
  };
  const variant = variants.data.variants[index];
  if (!variant) throw new Error("The seeded catalogue has too few variants");
  return { brandId: onefinity._id, modelId: model._id, modelName: model.name, variant };
}

/**
 * Registers an account over the API. With `page.request` the session cookies land in the page's
 * browser context (signed in); with the `request` fixture the browser stays signed out.
 */
async function registerAccount(request: APIRequestContext, prefix: string) {
  const account = uniqueAccount(prefix);
  const machine = await someMachine(request);
  const response = await request.post("/api/v1/auth/register", {
    multipart: {
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      username: account.username,
      firstname: "Ada",
      lastname: "Tester",
      cncBrand: machine.brandId,
      cncModel: machine.modelId,
      cncVariant: machine.variant._id,
      locatedAt: "Yet to be collected",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...account, machine };
}

async function logInThroughDialog(page: Page, email: string, password: string) {
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expectToast(page, "Login successful");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "My Account" })).toBeVisible();
}

/** Opens the avatar menu; clicks again if a re-render under next dev swallowed the first click. */
async function openAccountMenu(page: Page) {
  const trigger = page.getByRole("button", { name: "My Account" });
  await expect(async () => {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    await expect(page.getByRole("menu")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** A refresh after sign-in can re-render the header and close the menu mid-click: open it again then. */
async function openAccountMenuItem(page: Page, item: string) {
  await expect(async () => {
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: item }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe("accounts", () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(recordToasts);
  });

  test("sign up in two steps, verify with the mailed code, sign out, sign in and change the password", async ({
    page,
  }) => {
    const account = uniqueAccount("e2e");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Basic Details" })).toBeVisible();

    // Step 1 validates before moving on.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Username is required")).toBeVisible();

    await page.getByLabel("Username").fill("maple_mike");
    // The first availability call may compile its route under next dev.
    await expect(page.getByText("Username is not available")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Username is required")).toHaveCount(0);
    await page.getByLabel("Username").fill(account.username);
    await expect(page.getByText("Username is available")).toBeVisible();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill("something-else");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Passwords must match")).toBeVisible();
    await page.getByLabel("Confirm password").fill(account.password);
    await page.getByRole("button", { name: "Next", exact: true }).click();

    // Step 2: the machines.
    await expect(page.getByRole("heading", { name: "Registration" })).toBeVisible();
    await page.getByRole("button", { name: "Signup" }).click();
    await expect(page.getByText("CNC Brand is required")).toBeVisible();
    await page.getByRole("checkbox", { name: "Onefinity" }).check();
    await page.getByRole("checkbox", { name: "Woodworker", exact: true }).check();
    const variants = page.getByRole("group", { name: "CNC Variant" }).getByRole("checkbox");
    await expect(variants.first()).toBeVisible();
    await variants.first().check();
    await page.getByRole("button", { name: "Signup" }).click();

    await expectToast(page, "Signup successful");
    await expect(page).toHaveURL(/\/$/);
    // A new account is waitlisted: the banner and the code dialog show.
    const otpDialog = page.getByRole("dialog", { name: "Enter OTP" });
    await expect(otpDialog).toBeVisible();
    await expect(
      otpDialog.getByText("Check your email for the OTP. If not received in 2-3 minutes, check spam."),
    ).toBeVisible();
    await expect(otpDialog.getByText(/Resend code in 0:[0-9]{2}/)).toBeVisible();
    await otpDialog.getByRole("button", { name: "Close" }).click();
    const waitlist = page.getByRole("region", { name: "Verify your account" });
    await expect(waitlist).toBeVisible();
    await waitlist.getByRole("button", { name: "Enter OTP here" }).click();

    const mail = await waitForMail(
      outboxDir(),
      (message) => message.to === account.email && message.kind === "otp",
    );
    const code = extractOtp(mail);
    await otpDialog
      .getByRole("textbox", { name: "Verification code" })
      .fill(code === "AAAAAA" ? "BBBBBB" : "AAAAAA");
    await otpDialog.getByRole("button", { name: "Verify" }).click();
    await expectToast(page, "OTP validation failed");
    await otpDialog.getByRole("textbox", { name: "Verification code" }).clear();
    await otpDialog.getByRole("textbox", { name: "Verification code" }).fill(code);
    await otpDialog.getByRole("button", { name: "Verify" }).click();
    await expectToast(page, "OTP validated successfully");
    await expect(otpDialog).toBeHidden();
    await expect(waitlist).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem("lastOtpSentTime"))).toBeNull();

    // Signed in, /signup sends a complete account home.
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/$/);

    await openAccountMenuItem(page, "Log out");
    await expectToast(page, "Logged out successfully");
    await expect(page.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();

    // A wrong password is refused with the server's message.
    await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
    const loginDialog = page.getByRole("dialog", { name: "Log in" });
    await loginDialog.getByLabel("Email").fill(account.email);
    await loginDialog.getByLabel("Password").fill("not-the-password");
    await loginDialog.getByRole("button", { name: "Continue", exact: true }).click();
    await expectToast(page, "Login Failed");
    await loginDialog.getByRole("button", { name: "Close" }).click();

    await logInThroughDialog(page, account.email, account.password);

    await openAccountMenuItem(page, "Change Password");
    await expect(page).toHaveURL(/\/changePassword$/);
    await page.getByLabel("Current password").fill("wrong-password-1");
    await page.getByLabel("New password").fill("second-pass-456");
    await page.getByLabel("Confirm password").fill("second-pass-456");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Change Password Failed");
    await page.getByLabel("Current password").fill(account.password);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed successfully");

    await openAccountMenuItem(page, "Log out");
    await expect(page).toHaveURL(/\/$/);
    await logInThroughDialog(page, account.email, "second-pass-456");
  });

  test("forgot password and reset through the e-mailed link", async ({ page, request }) => {
    const account = await registerAccount(request, "fp");
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
    await page
      .getByRole("dialog", { name: "Log in" })
      .getByRole("button", { name: "Forget Password ?" })
      .click();
    const forgot = page.getByRole("dialog", { name: "Forget Password" });
    await expect(forgot).toBeVisible();
    await forgot.getByRole("button", { name: "Back to login" }).click();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    await page
      .getByRole("dialog", { name: "Log in" })
      .getByRole("button", { name: "Forget Password ?" })
      .click();
    await forgot.getByLabel("Email").fill(account.email);
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expectToast(page, "Reset mail sent successfully");
    await expect(forgot).toBeHidden();

    const mail = await waitForMail(
      outboxDir(),
      (message) => message.to === account.email && message.kind === "password-reset",
    );
    const link = new URL(extractResetUrl(mail));
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("reset-pass-789");
    await page.getByLabel("Confirm password").fill("reset-pass-78");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords must match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("reset-pass-789");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Reset Password successful");
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("dialog", { name: "Log in" }).getByRole("button", { name: "Close" }).click();

    // The link is single use.
    await page.goto(link.pathname + link.search);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("another-pass-000");
    await page.getByLabel("Confirm password").fill("another-pass-000");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Reset Password Failed");

    await page.goto("/");
    await logInThroughDialog(page, account.email, "reset-pass-789");
  });

  test("the owner adds and removes a machine; ?addMachine=true opens the dialog", async ({ page }) => {
    const account = await registerAccount(page.request, "mc");
    await page.goto(`/${account.username}?addMachine=true`);
    const dialog = page.getByRole("dialog", { name: "Add New CNC Machine" });
    await expect(dialog).toBeVisible();
    // The parameter is removed, and the profile's view is set to userPosts on load (spec §2).
    await expect(page).toHaveURL(new RegExp(`/${account.username}\\?view=userPosts$`));

    await dialog.getByRole("checkbox", { name: "Onefinity" }).check();
    await dialog.getByRole("checkbox", { name: account.machine.modelName, exact: true }).check();
    const owned = dialog.getByRole("checkbox", {
      name: new RegExp(`^${escapeRegExp(account.machine.variant.name)}`),
    });
    await expect(owned).toBeDisabled();
    const other = dialog
      .getByRole("group", { name: "CNC Variant" })
      .getByRole("checkbox", { disabled: false });
    await other.first().check();
    await dialog.getByRole("button", { name: "Add Machine" }).click();
    await expectToast(page, "Machine(s) added successfully");

    const machines = page.getByRole("list", { name: "Owned machines" }).getByRole("listitem");
    await expect(machines).toHaveCount(2);
    await machines
      .first()
      .getByRole("button", { name: /^Delete / })
      .click();
    await expectToast(page, "Machine deleted successfully");
    await expect(machines).toHaveCount(1);
  });

  test("profile privacy: hidden fields are not shown to others; the website opens through a confirmation", async ({
    page,
    browser,
  }) => {
    const account = await registerAccount(page.request, "pv");
    await page.goto(`/${account.username}`);
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    const firstName = dialog.getByRole("textbox", { name: "First name" });
    await firstName.fill("A");
    await dialog.getByRole("textbox", { name: "Website" }).fill("https://example.org/shop");
    await dialog.getByRole("switch", { name: "Show my e-mail address" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("First name must be at least 2 characters")).toBeVisible();
    await firstName.fill("Adele");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Profile updated successfully");
    await expect(page.getByText("Adele Tester")).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    const visitor = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await visitor.goto(`/${account.username}`);
    await expect(visitor.getByRole("heading", { name: `@${account.username}` })).toBeVisible();
    await expect(visitor.getByText("Adele Tester")).toBeVisible();
    await expect(visitor.getByText(account.email)).toHaveCount(0);
    await visitor.getByRole("button", { name: /example\.org\/shop/ }).click();
    const confirm = visitor.getByRole("dialog", { name: "Open External Link" });
    await expect(confirm.getByText("https://example.org/shop")).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Open Link" })).toBeVisible();
    await visitor.close();
  });

  test("guards, not-found views and the Google button without configuration", async ({ page }) => {
    await page.goto("/changePassword");
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/resetPassword");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

    // A soft 404 behind the streamed loading view (docs/decisions/006): the not-found view, noindex.
    await page.goto("/no_such_member_x");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();

    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
    await expect(dialog.getByRole("button", { name: "Google sign-in is not configured" })).toBeDisabled();
  });

  test("a verified staff member sees Admin Dashboard; other members do not", async ({ page }) => {
    await page.goto("/");
    await logInThroughDialog(page, "sam.whitaker@onefinitycnc.com", "cncdemo123");
    await openAccountMenu(page);
    await expect(page.getByRole("menuitem", { name: /Admin Dashboard/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await openAccountMenuItem(page, "Log out");

    await logInThroughDialog(page, "noah.fischer@example.com", "cncdemo123");
    // Unverified: the waitlist banner, and no Admin Dashboard.
    await expect(page.getByRole("button", { name: "Enter OTP here" })).toBeVisible();
    await openAccountMenu(page);
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: /Admin Dashboard/ })).toHaveCount(0);
  });
  test("phone width: the slide-out menu mirrors the header, with Upload Project for members", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "My Account" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Sign up" })).toBeVisible();
    await menu.getByRole("button", { name: "Log in" }).click();
    const login = page.getByRole("dialog", { name: "Log in" });
    await login.getByLabel("Email").fill("noah.fischer@example.com");
    await login.getByLabel("Password").fill("cncdemo123");
    await login.getByRole("button", { name: "Continue", exact: true }).click();
    await expectToast(page, "Login successful");
    await expect(login).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Upload Project" })).toHaveAttribute(
      "href",
      "/project/create",
    );
    await expect(menu.getByRole("link", { name: "Change Password" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Admin Dashboard/ })).toHaveCount(0);
    await menu.getByRole("button", { name: "Log out" }).click();
    await expectToast(page, "Logged out successfully");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
