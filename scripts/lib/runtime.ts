import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { createDatabase } from "@/lib/db/create";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";

export const projectRoot = path.resolve(import.meta.dirname, "..", "..");

/** .env is optional; Next reads it for the app, the scripts read it here. */
export function loadDotEnv(): void {
  const file = path.join(projectRoot, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

export interface PreparedDatabase {
  url: string;
  embedded: EmbeddedDatabase | null;
}

const DEFAULT_EMBEDDED_PORT = 54329;

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The embedded database's port: EMBEDDED_DB_PORT, or 54329. When another `npm start` (with
 * another DATA_DIR) holds 54329, a free port is taken instead of dying with EADDRINUSE; an
 * explicitly chosen port that is taken is a clear error.
 */
async function embeddedPort(): Promise<number> {
  const chosen = process.env.EMBEDDED_DB_PORT;
  const port = Number(chosen ?? DEFAULT_EMBEDDED_PORT);
  if (await isPortFree(port)) return port;
  if (chosen) {
    console.error(
      `[db] EMBEDDED_DB_PORT=${port} is in use by another program. Choose another port, or leave it unset.`,
    );
    process.exit(1);
  }
  console.log(`[db] port ${port} is in use (another npm start?): the embedded database takes a free port`);
  return 0;
}

/**
 * DATABASE_URL when set, otherwise the embedded PGlite under DATA_DIR/db, served by this process
 * (its only owner) over the Postgres protocol. Migrations are applied either way.
 */
export async function prepareDatabase(): Promise<PreparedDatabase> {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | null = null;
  if (!url) {
    const dataDir = path.resolve(projectRoot, process.env.DATA_DIR ?? ".data", "db");
    const port = await embeddedPort();
    console.log(`[db] opening the embedded database in ${path.relative(projectRoot, dataDir)} ...`);
    embedded = await startEmbeddedDatabase({ dataDir, port });
    url = embedded.url;
    console.log(`[db] embedded PostgreSQL (PGlite) serving on ${url}`);
  }
  const db = createDatabase(url, { max: 2 });
  try {
    await applyMigrations(db, projectRoot);
    console.log("[db] migrations applied");
  } finally {
    await db.$client.end();
  }
  return { url, embedded };
}

export function nextBin(): string {
  return path.join(projectRoot, "node_modules", ".bin", "next");
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** Runs a long-lived child and stops the embedded database when either ends. */
export function superviseServer(child: ChildProcess, embedded: EmbeddedDatabase | null): void {
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null) child.kill("SIGTERM");
    await embedded?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  child.on("exit", (code) => void stop(code ?? 0));
}
