import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import type { SessionUser } from "@/lib/validation/session";
import { createCatalogue, unique } from "../support/factories";
import { api, type ApiResult, type Envelope } from "../support/http";
import { extractOtp, waitForMail } from "../support/outbox";

/** A cookie jar for one simulated browser: keeps what Set-Cookie says, sends it back. */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Each browser gets its own address, so per-IP limits of one test never touch another. */
  readonly ip = `10.${[0, 0, 0].map(() => randomBytes(1)[0]! % 250).join(".")}`;

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      const value = rest.join("=");
      const maxAge = attributes.find((a) => a.trim().toLowerCase().startsWith("max-age="));
      if (!name) continue;
      if (value === "" || maxAge?.trim().toLowerCase() === "max-age=0") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  async call<T = Record<string, unknown>>(
    path: string,
    init: { method?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<Envelope<T>>> {
    const headers: Record<string, string> = {
      origin: inject("baseUrl"),
      "x-forwarded-for": this.ip,
      // The app's own client marks every call (lib/api-client/client.ts); state-changing GETs need it.
      "x-requested-with": "cnc-projects",
      ...init.headers,
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = init.form;
    }
    const method = init.method ?? (body !== undefined ? "POST" : "GET");
    const result = await api<Envelope<T>>(path, { method, headers, body });
    this.store(result.headers);
    return result;
  }
}

export const outboxDir = () => inject("outboxDir");

export interface SignupFields {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function signupFields(overrides: Partial<SignupFields> = {}): SignupFields {
  const suffix = unique();
  return {
    username: `m${suffix}`,
    firstname: "Ada",
    lastname: "Lovelace",
    email: `signup-${suffix}@example.com`,
    password: "correct horse battery",
    confirmPassword: "correct horse battery",
    ...overrides,
  };
}

/** The multipart body of POST /api/v1/auth/register, machines from a fresh catalogue. */
export async function signupForm(
  overrides: Partial<SignupFields> = {},
  extra: (form: FormData) => void = () => {},
): Promise<{ form: FormData; fields: SignupFields; variantIds: string[] }> {
  const fields = signupFields(overrides);
  const { brand, model, variants } = await createCatalogue();
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("cncBrand", brand.id);
  form.append("cncModel", model.id);
  for (const variant of variants) form.append("cncVariant", variant.id);
  extra(form);
  return { form, fields, variantIds: variants.map((variant) => variant.id) };
}

/** Signs up a new e-mail account in `browser`; returns its fields and session user. */
export async function signUp(browser: Browser, overrides: Partial<SignupFields> = {}) {
  const { form, fields, variantIds } = await signupForm(overrides);
  const result = await browser.call<{ user: SessionUser }>("/api/v1/auth/register", { form });
  if (result.status !== 201) throw new Error(`register failed: ${JSON.stringify(result.body)}`);
  return { fields, user: result.body.data.user, variantIds };
}

export async function latestOtp(email: string): Promise<string> {
  return extractOtp(await waitForMail(outboxDir(), (m) => m.to === email && m.kind === "otp"));
}

/** Signs up and verifies with the mailed code. */
export async function signUpVerified(browser: Browser, overrides: Partial<SignupFields> = {}) {
  const account = await signUp(browser, overrides);
  const otp = await latestOtp(account.fields.email);
  const verified = await browser.call<{ user: SessionUser }>("/api/v1/auth/validateOtp", { json: { otp } });
  if (verified.status !== 200) throw new Error(`validateOtp failed: ${JSON.stringify(verified.body)}`);
  return { ...account, user: verified.body.data.user };
}

export const issueMessages = (body: Envelope<unknown>) => (body.issues ?? []).map((issue) => issue.message);
