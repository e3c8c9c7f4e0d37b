import { spawn } from "node:child_process";
import path from "node:path";
import { API_TEST_AUTH_SECRET } from "../support/factories-project";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The environment every fault test's app gets (as tests/support/api-global-setup.ts sets it). */
export function appEnvironment(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
    STORAGE_DRIVER: "local",
    AUTH_SECRET: API_TEST_AUTH_SECRET,
    PUBLIC_CACHE_SECONDS: "0",
    TRUSTED_PROXIES: "127.0.0.1, ::1",
  };
}

export interface NpmStart {
  baseUrl: string;
  /** kill -9 of the whole process group: the primary (which owns the embedded PGlite) and its server. */
  kill9(): void;
  stop(): Promise<void>;
}

async function waitUntilReady(baseUrl: string, isAlive: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`npm start exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/openapi.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not answer in time:\n${output()}`);
}

/**
 * `npm start` as a new user runs it (scripts/start.ts: the embedded PGlite in the primary, one
 * server process), in its own process group so that a kill -9 takes down everything it started.
 */
export async function startNpmStart(options: {
  dataDir: string;
  port: number;
  embeddedPort: number;
}): Promise<NpmStart> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...appEnvironment(options.dataDir),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    EMBEDDED_DB_PORT: String(options.embeddedPort),
    SEED_DEMO_DATA: "false",
    WEB_CONCURRENCY: "1",
  };
  // Empty, not unset: scripts/start.ts loads .env without overriding, and a DATABASE_URL there
  // would point this test at a real database instead of the embedded one.
  env.DATABASE_URL = "";
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(root, "scripts", "start.ts")],
    { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.SHOW_APP_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitUntilReady(
    baseUrl,
    () => child.exitCode === null && child.signalCode === null,
    () => output,
  );
  const pid = child.pid!;
  return {
    baseUrl,
    kill9() {
      process.kill(-pid, "SIGKILL");
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-pid, "SIGKILL");
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: { status?: string; data?: T; errorMessage?: string; message?: string };
}

/** One same-origin JSON call with a session cookie, from its own address (per-IP limits). */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  pathAndQuery: string,
  options: { method?: string; json?: unknown; token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    origin: baseUrl,
    "x-requested-with": "cnc-projects",
    "x-forwarded-for": options.ip ?? "10.9.9.9",
  };
  if (options.token) headers.cookie = `access_token=${options.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method: options.method ?? (options.json !== undefined ? "POST" : "GET"),
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: Answer<T>["body"] = {};
  try {
    body = JSON.parse(text) as Answer<T>["body"];
  } catch {
    // not JSON: the envelope checks fail on the empty body
  }
  return { status: response.status, body };
}

export const isEnvelope = (answer: Answer): boolean =>
  answer.body.status === "error" && typeof answer.body.errorMessage === "string";
