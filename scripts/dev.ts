// npm run dev: the same database preparation as npm start, then `next dev`.
import { spawn } from "node:child_process";
import { seedIfEmpty } from "./seed/run";
import { loadDotEnv, nextBin, prepareDatabase, projectRoot, superviseServer } from "./lib/runtime";

loadDotEnv();
const { url, embedded } = await prepareDatabase();
const env = { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" };
Object.assign(process.env, env);
await seedIfEmpty(url);
const server = spawn(
  nextBin(),
  ["dev", "-p", process.env.PORT ?? "3000", "-H", process.env.HOST ?? "127.0.0.1"],
  {
    cwd: projectRoot,
    env,
    stdio: "inherit",
  },
);
superviseServer(server, embedded);
