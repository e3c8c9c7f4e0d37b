import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { EmbeddedDatabase } from "@/lib/db/embedded";
import { bundleServerProcess } from "./server-bundle";

// Not imported from ./runtime, which loads the database modules: the benchmark runs this file alone.
const projectRoot = path.resolve(import.meta.dirname, "..", "..");

export interface ServeOptions {
  port: number;
  host: string;
  env: NodeJS.ProcessEnv;
  /** Next's standalone server.js (the Docker image) instead of scripts/server-process.ts. */
  standaloneServer?: string;
  /** Stopped after the workers, when this process owns the embedded database. */
  embedded?: EmbeddedDatabase | null;
}

/**
 * WEB_CONCURRENCY when set, else one server process per core but one: the database (the embedded
 * one runs in this very process) usually shares the machine, and on 2 cores a second server
 * process raises throughput but doubles tail latency. A machine of
 * the app's own should set WEB_CONCURRENCY to its core count.
 */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const wanted = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : Math.max(1, availableParallelism() - 1);
}

/**
 * How a server process runs scripts/server-process.ts: bundled into plain JavaScript (see
 * server-bundle.ts), or, should bundling fail, through tsx like the other scripts.
 */
async function serverProcessSettings(env: NodeJS.ProcessEnv) {
  const settings = { args: [], cwd: projectRoot };
  try {
    const bundle = await bundleServerProcess({ projectRoot, distDir: env.NEXT_DIST_DIR ?? ".next" });
    return { ...settings, exec: bundle, execArgv: ["--conditions=react-server"] };
  } catch (error) {
    console.warn(`[serve] bundling the server process failed, running it through tsx: ${String(error)}`);
    return {
      ...settings,
      exec: path.join(projectRoot, "scripts", "server-process.ts"),
      execArgv: ["--conditions=react-server", "--import", "tsx"],
    };
  }
}

const RESTART_WINDOW_MS = 30_000;
const MAX_RESTARTS_IN_WINDOW = 5;
const STOP_GRACE_MS = 10_000;

/**
 * Serves the production build with WEB_CONCURRENCY processes (see workerCount) sharing one
 * port through node:cluster, each running scripts/server-process.ts (Next's request handler and
 * the direct routes of ADR 009; bundled, see serverProcessSettings), or Next's standalone server.js in the Docker image. The app keeps no state between requests that must be shared (only
 * caches, each following the database's change feed, ADR 025; sessions, rate limits and data live
 * in PostgreSQL), so workers are interchangeable, like instances behind a load balancer. A worker that dies is replaced; one that keeps dying stops all.
 */
export async function serveWithWorkers({
  port,
  host,
  env,
  standaloneServer,
  embedded = null,
}: ServeOptions): Promise<void> {
  const workers = workerCount(env);
  const workerEnv = { ...env, PORT: String(port), HOST: host, HOSTNAME: host };
  cluster.setupPrimary(
    standaloneServer
      ? // Next's own runtime, set up by its server.js: none of this process's flags.
        { exec: standaloneServer, args: [], execArgv: [], cwd: projectRoot }
      : await serverProcessSettings(env),
  );

  let stopping = false;
  const restarts: number[] = [];
  const fork = (): Worker => cluster.fork(workerEnv);

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              worker.process.kill("SIGKILL");
              resolve();
            }, STOP_GRACE_MS);
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await embedded?.stop().catch(() => undefined);
    process.exit(code);
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] as number) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS_IN_WINDOW) {
      console.error(`[serve] server processes keep exiting (last: ${signal ?? code}); stopping`);
      void stop(1);
      return;
    }
    console.error(
      `[serve] server process ${worker.process.pid} exited (${signal ?? code}); starting another`,
    );
    fork();
  });
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  for (let i = 0; i < workers; i += 1) fork();
  console.log(`[serve] ${workers} server process${workers === 1 ? "" : "es"} on http://${host}:${port}`);
}
