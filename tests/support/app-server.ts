import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { bundleServerProcess } from "../../scripts/lib/server-bundle";

const root = path.resolve(import.meta.dirname, "..", "..");
const nextBin = path.join(root, "node_modules", ".bin", "next");
/** Several server processes behind one port through node:cluster, as `npm start` runs them. */
const serveWithWorkers = path.join(root, "scripts", "serve.ts");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Bundled once per test process, like each start of `npm start`. */
let bundle: Promise<string> | undefined;
function serverProcessBundle(): Promise<string> {
  bundle ??= bundleServerProcess({ projectRoot: root, distDir: process.env.NEXT_DIST_DIR ?? ".next" });
  return bundle;
}

/**
 * TEST_APP_MODE=dev runs the suites against `next dev` instead of a production build: routes
 * compile on first use, which is quicker while working on one area. CI always uses the build.
 */
const devMode = process.env.TEST_APP_MODE === "dev";

/** `next build` once when there is no production build (npm test builds before the suites). */
export async function ensureBuild(): Promise<void> {
  if (devMode) return;
  if (existsSync(path.join(root, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(nextBin, ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`)),
    );
  });
}

export interface RunningApp {
  baseUrl: string;
  /** Where the app's output is written, if anywhere. */
  logFile: string | null;
  stop(): Promise<void>;
}

/**
 * The warning pg prints when a query is sent to a client that is still running another (one
 * connection used by two queries at once, e.g. Promise.all inside a transaction); pg's next major
 * refuses such queries. The API suite fails when the app's log has it (api-global-setup.ts and
 * tests/api/database-connections.test.ts).
 */
export const PG_BUSY_CLIENT_WARNING = "client.query() when the client is already executing a query";

/**
 * Starts the production server on a free port with the given environment and waits until it
 * answers. `workers` > 1 starts that many server processes behind the port (scripts/serve.ts).
 * Everything the app prints also goes to `app.log` in its DATA_DIR, when it has one.
 */
export async function startApp(
  env: Record<string, string>,
  options: { workers?: number } = {},
): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const workers = options.workers ?? 1;
  // The production server process as `npm start` runs it: scripts/server-process.ts bundled
  // (ADR 009, scripts/lib/server-bundle.ts), or serve.ts in front of several of them.
  const [command, args] = devMode
    ? [nextBin, ["dev", "-p", String(port), "-H", "127.0.0.1"]]
    : workers > 1
      ? [process.execPath, ["--conditions=react-server", "--import", "tsx", serveWithWorkers]]
      : [process.execPath, ["--conditions=react-server", await serverProcessBundle()]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: devMode ? "development" : "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: baseUrl,
      ...(workers > 1 ? { WEB_CONCURRENCY: String(workers) } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const logFile = env.DATA_DIR ? path.join(env.DATA_DIR, "app.log") : null;
  const log = logFile ? createWriteStream(logFile, { flags: "a" }) : null;
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    log?.write(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    log?.write(chunk);
    if (process.env.SHOW_APP_LOG) process.stderr.write(chunk);
  });
  const deadline = Date.now() + (devMode ? 240_000 : 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) throw new Error(`the app did not start in time:\n${output}`);
  return {
    baseUrl,
    logFile,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      await new Promise<void>((resolve) => (log ? log.end(resolve) : resolve()));
    },
  };
}
