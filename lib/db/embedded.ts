import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { EMBEDDED_APPLICATION_NAME } from "./create";
import { serialiseProtocolBatches } from "./embedded-queue";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The pg pool of the app plus a few for scripts; pglite-socket multiplexes them onto one PGlite. */
const MAX_CONNECTIONS = 24;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the PGlite database under `dataDir` and serves it over the Postgres protocol on
 * 127.0.0.1:`port`. PGlite has no lock of its own and two processes opening one directory lose
 * writes, so a pid lock file makes this process its only owner.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockFile = `${dataDir}.lock`;
  try {
    const owner = Number(readFileSync(lockFile, "utf8"));
    if (owner && owner !== process.pid && isRunning(owner)) {
      throw new Error(`The embedded database ${dataDir} is already open in process ${owner}. Stop it first.`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  writeFileSync(lockFile, String(process.pid));

  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db: pglite,
    host: "127.0.0.1",
    port: options.port,
    maxConnections: MAX_CONNECTIONS,
  });
  // One connection's Parse..Sync runs as a unit on the shared session (lib/db/embedded-queue.ts).
  serialiseProtocolBatches((server as unknown as { queryQueue: unknown }).queryQueue);
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres?application_name=${EMBEDDED_APPLICATION_NAME}`,
    async stop() {
      await server.stop();
      await pglite.close();
      rmSync(lockFile, { force: true });
    },
  };
}
