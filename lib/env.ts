import "server-only";
import { z } from "zod";

/**
 * The only module that reads process.env. Everything is optional on a developer machine:
 * unset DATABASE_URL means the embedded PGlite started by `npm start`, unset AUTH_SECRET
 * means a secret generated once under .data/ (see lib/auth/secret.ts).
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
  AUTH_SECRET: optionalString,
  STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(["local", "s3"]).default("local")),
  STORAGE_LOCAL_DIR: optionalString,
  S3_ENDPOINT: optionalString,
  S3_PUBLIC_ENDPOINT: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_BUCKET: optionalString,
  MAIL_DRIVER: z.preprocess(emptyToUndefined, z.enum(["outbox", "resend"]).optional()),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("CNC Projects <no-reply@localhost>")),
  MAIL_OUTBOX_DIR: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STAFF_EMAIL_DOMAIN: z.preprocess(emptyToUndefined, z.string().default("onefinitycnc.com")),
  PUBLIC_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().default("http://127.0.0.1:3000")),
  PREVIEW_API_KEY: optionalString,
  /** Staff's external 'Admin Dashboard'; unset: the link opens the site's review queue (/admin/review). */
  ADMIN_DASHBOARD_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges, e.g. the
   * load balancer's), or `*` when the app is reachable only through one proxy whose address is not
   * known (its last X-Forwarded-For entry is the client). Unset: none, and per-IP limits use the
   * socket's address.
   */
  TRUSTED_PROXIES: optionalString,
  /**
   * Internal, set by scripts/server-process.ts for itself: it replaces any client copy of the
   * `x-cnc-remote-address` header with the socket's address, so the app may believe that header.
   * Elsewhere (next dev, Next's standalone server) a client could send it, and it is ignored.
   */
  CNC_REMOTE_ADDRESS_HEADER: z.preprocess(emptyToUndefined, z.enum(["1"]).optional()),
  PORT: z.coerce.number().int().positive().default(3000),
  /** How long an idle pooled connection is kept; tests shorten it to prove the pool survives idling. */
  DB_POOL_IDLE_MS: z.coerce.number().int().positive().default(30_000),
  /** How long a signed-out visitor's listing may be reused (docs/decisions/008); 0 turns it off. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /**
   * How long a signed-out visitor's post detail may be reused when nothing changed it (ADR 017:
   * every change through the app drops it at once); 0 turns it off (the API tests, which write
   * rows behind the app's back).
   */
  POST_DETAIL_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * How long a sitemap file may be reused when nothing invalidated it (lib/cache/sitemap-cache.ts);
   * 0 turns the cache off (the API tests, which write rows behind the app's back).
   */
  SITEMAP_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
});

export type Env = z.infer<typeof envSchema>;

let cached: Readonly<Env> | undefined;

/**
 * Parsed environment, read once (lazily, so that tests can set variables before first use) into
 * a frozen object with no prototype that has every key of the schema as its own property: a
 * polluted Object.prototype can neither add a value for an unset variable nor change
 * a set one, and no code can assign to it.
 */
export function env(): Readonly<Env> {
  cached ??= freezeConfig(envSchema.parse(ownEntries(process.env)));
  return cached;
}

/** Only the variables really set, never anything inherited. */
function ownEntries(source: NodeJS.ProcessEnv): Record<string, string> {
  const copy: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (typeof value === "string") copy[key] = value;
  }
  return copy;
}

function freezeConfig(parsed: Env): Readonly<Env> {
  const config = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(envSchema.shape)) {
    config[key] = Object.hasOwn(parsed, key) ? (parsed as Record<string, unknown>)[key] : undefined;
  }
  return Object.freeze(config) as Readonly<Env>;
}

/** For tests that change process.env between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
