// npm start: embedded database (unless DATABASE_URL), migrate, seed when empty, build when needed, serve.
import { existsSync } from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNTS_TEXT, seedIfEmpty } from "./seed/run";
import { loadDotEnv, nextBin, prepareDatabase, projectRoot, run } from "./lib/runtime";
import { serveWithWorkers } from "./lib/serve";

loadDotEnv();
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

const { url, embedded } = await prepareDatabase();
const env = {
  ...process.env,
  DATABASE_URL: url,
  NEXT_TELEMETRY_DISABLED: "1",
  // The site's own address unless told otherwise, so `PORT=4000 npm start` signs its file URLs and
  // checks the origin of its forms for port 4000, not the default 3000.
  PUBLIC_BASE_URL:
    process.env.PUBLIC_BASE_URL || `http://${["0.0.0.0", "::"].includes(host) ? "127.0.0.1" : host}:${port}`,
};
Object.assign(process.env, env);

if (process.env.SEED_DEMO_DATA !== "false") await seedIfEmpty(url);

// The Docker image is built with NEXT_OUTPUT=standalone and runs Next's standalone server.
const standaloneServer = path.join(projectRoot, ".next", "standalone", "server.js");
const isStandalone = process.env.NEXT_OUTPUT === "standalone" && existsSync(standaloneServer);
if (!isStandalone && !existsSync(path.join(projectRoot, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
  console.log("[start] no production build yet: running `next build` (a few minutes on 2 cores) ...");
  await run(nextBin(), ["build"], env);
}

// With the embedded database every query runs in this process's one PGlite, so a second server
// process would only queue on it (and share its connection limit): one, unless told otherwise.
const serverEnv = embedded ? { ...env, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || "1" } : env;
await serveWithWorkers({
  port,
  host,
  env: serverEnv,
  embedded,
  standaloneServer: isStandalone ? standaloneServer : undefined,
});
console.log(`\n  CNC Projects is starting on http://${host}:${port}\n\n${DEMO_ACCOUNTS_TEXT}\n`);
