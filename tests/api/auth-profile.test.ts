import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/validation/session";
import type { PublicUser } from "@/lib/validation/users";
import { createCatalogue, createUser, unique } from "../support/factories";
import { accessTokenFor, PNG_BYTES } from "../support/factories-project";
import { api } from "../support/http";
import { Browser, issueMessages, signUp, signUpVerified } from "./auth-support";

/** A browser signed in as a Google account whose sign-up is not complete yet. */
async function googleUserBrowser() {
  const user = await createUser({
    authProvider: "google",
    passwordHash: null,
    isVerified: true,
    isUserSignupComplete: false,
    username: `g_${unique()}`,
  });
  const browser = new Browser();
  browser.cookies.set("access_token", await accessTokenFor(user.id));
  return { browser, user };
}

function profileForm(fields: Record<string, string | Blob>, fileName?: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, fileName);
    else form.append(key, value);
  }
  return form;
}

describe("GET /api/v1/auth/usernameAvailability", () => {
  it("answers taken, free and reserved names", async () => {
    const { fields } = await signUp(new Browser());
    const taken = await api(`/api/v1/auth/usernameAvailability?username=${fields.username.toUpperCase()}`);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ status: "success", data: { available: false } });
    const free = await api(`/api/v1/auth/usernameAvailability?username=free${unique()}`);
    expect(free.body).toEqual({ status: "success", data: { available: true } });
    const reserved = await api("/api/v1/auth/usernameAvailability?username=signup");
    expect(reserved.body).toEqual({ status: "success", data: { available: false } });
  });

  it("answers the username rules with 400", async () => {
    const result = await api<{ issues: { message: string }[] }>(
      "/api/v1/auth/usernameAvailability?username=ab",
    );
    expect(result.status).toBe(400);
    expect(result.body.issues.map((issue) => issue.message)).toEqual([
      "Username must be at least 4 characters long",
    ]);
    const missing = await api<{ issues: { message: string }[] }>("/api/v1/auth/usernameAvailability");
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((issue) => issue.message)).toEqual(["Username is required"]);
  });
});

describe("POST /api/v1/auth/updateUser", () => {
  it("updates names, website, privacy switches and a new picture", async () => {
    const browser = new Browser();
    await signUp(browser);
    const form = profileForm(
      {
        firstname: "Grace",
        lastname: "Hopper",
        website: "https://example.com/me",
        "privacy.email": "false",
        "privacy.website": "false",
        profilePicture: new Blob([PNG_BYTES], { type: "image/png" }),
      },
      "me.png",
    );
    const result = await browser.call<{ user: SessionUser }>("/api/v1/auth/updateUser", { form });
    expect(result.status).toBe(200);
    const user = result.body.data.user;
    expect(user).toMatchObject({
      firstname: "Grace",
      lastname: "Hopper",
      website: "https://example.com/me",
      privacy: { email: false, firstname: true, lastname: true, website: false },
    });
    expect(user.profilePicture).toMatch(/^\/api\/v1\/auth\/avatar\//);
    const picture = await api(user.profilePicture!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");

    // Without a new picture the old one stays.
    const again = await browser.call<{ user: SessionUser }>("/api/v1/auth/updateUser", {
      form: profileForm({ firstname: "Grace", lastname: "Hopper", website: "" }),
    });
    expect(again.body.data.user.profilePicture).toBe(user.profilePicture);
    expect(again.body.data.user.website).toBeNull();
  });

  it("answers the section 5 profile messages", async () => {
    const browser = new Browser();
    await signUp(browser);
    const short = await browser.call("/api/v1/auth/updateUser", {
      form: profileForm({ firstname: "A", lastname: "B", website: "not a url", profilePicture: "nope" }),
    });
    expect(short.status).toBe(400);
    expect(issueMessages(short.body)).toEqual(
      expect.arrayContaining([
        "First name must be at least 2 characters",
        "Last name must be at least 2 characters",
        "Please enter a valid URL",
      ]),
    );
    const long = await browser.call("/api/v1/auth/updateUser", {
      form: profileForm({ firstname: "x".repeat(51), lastname: "y".repeat(51) }),
    });
    expect(issueMessages(long.body)).toEqual([
      "First name must not exceed 50 characters",
      "Last name must not exceed 50 characters",
    ]);
    const big = await browser.call("/api/v1/auth/updateUser", {
      form: profileForm(
        {
          firstname: "Grace",
          lastname: "Hopper",
          profilePicture: new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]),
        },
        "huge.bmp",
      ),
    });
    expect(big.status).toBe(400);
    expect(issueMessages(big.body)).toEqual([
      "File type must be one of: jpeg, jpg, png, gif. File is larger than 5 MB",
    ]);
    const disguised = await browser.call("/api/v1/auth/updateUser", {
      form: profileForm(
        {
          firstname: "Grace",
          lastname: "Hopper",
          profilePicture: new Blob(["<html>hi</html>"], { type: "image/png" }),
        },
        "evil.png",
      ),
    });
    expect(disguised.status).toBe(400);
  });

  it("needs a session and a same-origin request", async () => {
    const visitor = await new Browser().call("/api/v1/auth/updateUser", {
      form: profileForm({ firstname: "Grace", lastname: "Hopper" }),
    });
    expect(visitor.status).toBe(401);
    const browser = new Browser();
    await signUp(browser);
    const crossSite = await browser.call("/api/v1/auth/updateUser", {
      form: profileForm({ firstname: "Grace", lastname: "Hopper" }),
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("GET /api/v1/auth/getByUsername/{username}", () => {
  it("applies privacy for everyone but the owner, and always shows the username", async () => {
    const owner = new Browser();
    const { fields } = await signUpVerified(owner);
    await owner.call("/api/v1/auth/updateUser", {
      form: profileForm({
        firstname: "Hidden",
        lastname: "Shown",
        website: "https://example.com/site",
        "privacy.email": "false",
        "privacy.firstname": "false",
        "privacy.lastname": "true",
        "privacy.website": "false",
      }),
    });
    const path = `/api/v1/auth/getByUsername/${fields.username.toUpperCase()}`;
    for (const viewer of [
      new Browser(),
      await (async () => {
        const other = new Browser();
        await signUp(other);
        return other;
      })(),
    ]) {
      const seen = await viewer.call<{ user: PublicUser }>(path);
      expect(seen.status).toBe(200);
      expect(seen.body.data.user).toMatchObject({
        username: fields.username,
        firstname: null,
        lastname: "Shown",
        email: null,
        website: null,
        isOwner: false,
        privacy: null,
        locatedAt: "Yet to be collected",
      });
    }
    const own = await owner.call<{ user: PublicUser }>(path);
    expect(own.body.data.user).toMatchObject({
      firstname: "Hidden",
      email: fields.email,
      website: "https://example.com/site",
      isOwner: true,
      privacy: { email: false, firstname: false, lastname: true, website: false },
    });
    expect(own.body.data.user.ownedMachines).toHaveLength(2);
  });

  it("answers 404 for an unknown user", async () => {
    const result = await api("/api/v1/auth/getByUsername/nobody_at_all");
    expect(result.status).toBe(404);
  });
});

describe("owned machines", () => {
  it("adds (once) and removes machines of the caller only", async () => {
    const browser = new Browser();
    const { variantIds } = await signUp(browser);
    const { variants } = await createCatalogue();
    const added = await browser.call<{ user: SessionUser }>("/api/v1/auth/addMachines", {
      json: { cncVariantIdList: [variants[0]!.id, variants[0]!.id, variantIds[0]] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.user.ownedMachines).toHaveLength(3);
    expect(added.body.data.user.ownedMachines.find((m) => m._id === variants[0]!.id)).toMatchObject({
      name: "X-35",
      cncBrand: { name: expect.any(String) },
      cncModel: { name: expect.any(String), link: "https://example.com/model" },
    });
    const removed = await browser.call<{ user: SessionUser }>("/api/v1/auth/removeMachine", {
      json: { cncVariantId: variants[0]!.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.user.ownedMachines.map((m) => m._id)).not.toContain(variants[0]!.id);
    const again = await browser.call("/api/v1/auth/removeMachine", {
      json: { cncVariantId: variants[0]!.id },
    });
    expect(again.status).toBe(404);
  });

  it("validates the lists and needs a session", async () => {
    const browser = new Browser();
    await signUp(browser);
    const empty = await browser.call("/api/v1/auth/addMachines", { json: { cncVariantIdList: [] } });
    expect(empty.status).toBe(400);
    expect(issueMessages(empty.body)).toEqual(["At least one CNC Variant is required"]);
    const unknown = await browser.call("/api/v1/auth/addMachines", {
      json: { cncVariantIdList: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown.status).toBe(400);
    const badId = await browser.call("/api/v1/auth/removeMachine", { json: { cncVariantId: "x" } });
    expect(badId.status).toBe(400);
    const visitor = await new Browser().call("/api/v1/auth/addMachines", {
      json: { cncVariantIdList: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(visitor.status).toBe(401);
  });
});

describe("POST /api/v1/auth/completeUserSignup", () => {
  it("lets a Google account choose its username, names and machines, without password or e-mail", async () => {
    const { browser, user } = await googleUserBrowser();
    const { brand, model, variants } = await createCatalogue();
    const username = `c${unique()}`;
    const result = await browser.call<{ user: SessionUser }>("/api/v1/auth/completeUserSignup", {
      json: {
        username,
        firstname: "Gina",
        lastname: "Google",
        email: "changed@example.com",
        password: "ignored password",
        cncBrand: [brand.id],
        cncModel: [model.id],
        cncVariant: [variants[1]!.id],
      },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.user).toMatchObject({
      username,
      firstname: "Gina",
      email: user.email,
      isUserSignupComplete: true,
      authProvider: "google",
    });
    expect(result.body.data.user.ownedMachines.map((m) => m._id)).toEqual([variants[1]!.id]);
    const twice = await browser.call("/api/v1/auth/completeUserSignup", {
      json: {
        username,
        firstname: "Gina",
        lastname: "Google",
        cncBrand: [brand.id],
        cncModel: [model.id],
        cncVariant: [variants[1]!.id],
      },
    });
    expect(twice.status).toBe(409);
    // The account has no password: logging in with one fails.
    const login = await new Browser().call("/api/v1/auth/login", {
      json: { email: user.email, password: "ignored password" },
    });
    expect(login.status).toBe(401);
  });

  it("answers the machine messages and refuses reserved names", async () => {
    const { browser } = await googleUserBrowser();
    const empty = await browser.call("/api/v1/auth/completeUserSignup", {
      json: { username: "admin", firstname: "Gina", lastname: "Google" },
    });
    expect(empty.status).toBe(400);
    expect(issueMessages(empty.body)).toEqual([
      "CNC Brand is required",
      "At least one CNC Model is required",
      "At least one CNC Variant is required",
    ]);
    const { brand, model, variants } = await createCatalogue();
    const reserved = await browser.call("/api/v1/auth/completeUserSignup", {
      json: {
        username: "admin",
        firstname: "Gina",
        lastname: "Google",
        cncBrand: [brand.id],
        cncModel: [model.id],
        cncVariant: [variants[0]!.id],
      },
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errorMessage).toBe("This username is not available.");
  });
});

describe("GET /api/v1/auth/generateGoogleSignInLink", () => {
  it("answers 503 with a clear message when Google sign-in is not configured", async () => {
    const result = await api("/api/v1/auth/generateGoogleSignInLink");
    expect(result.status).toBe(503);
    expect(result.body).toMatchObject({
      status: "error",
      errorMessage: "Google sign-in is not configured on this server.",
    });
  });

  it("sends a callback without matching state back home with an error", async () => {
    const result = await api("/api/v1/auth/google/callback?code=abc&state=xyz");
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toContain("/?authError=");
  });
});
