// npm run bench:api [-- --posts 100000 --duration 10 --connections 10,50 --explain --explain-only --base-url URL --only TEXT]
// The listing API and the home page under load on a real PostgreSQL with the large data set:
// seeds it (npm run seed:large) unless the database already holds that many bulk posts, builds
// the app when NEXT_DIST_DIR has no build, starts the production server and drives each case with
// autocannon, printing requests/s, p50 and p99. --explain also prints EXPLAIN ANALYZE of the
// listing and autocomplete queries, built by the same service code the routes run.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cnc_bench) picks the database.
// --explain-only stops after the plans (no build, no server, no load).
// --base-url drives a server that is already running on that database instead of building and
// starting one (a quick check of the script itself; the figures only count against `next start`).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { createDatabase } from "@/lib/db/create";
import { autocompleteQuery } from "@/lib/services/posts/autocomplete-posts";
import { listingQueries } from "@/lib/services/posts/list-posts";
import { pageOf, postCardsQuery } from "@/lib/services/posts/queries/to-post-summaries";
import { type ListPostsFilters, PAGE_SIZE } from "@/lib/validation/posts";
import { nextBin, projectRoot, run } from "./lib/runtime";
import { workerCount } from "./lib/serve";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10,50" },
    explain: { type: "boolean", default: false },
    "explain-only": { type: "boolean", default: false },
    "base-url": { type: "string" },
    only: { type: "string" },
  },
});
const wantedPosts = Number(values.posts);
const duration = Number(values.duration);
const connectionCounts = values.connections.split(",").map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/cnc_bench";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

async function ensureDatabase(): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

async function bulkPostCount(): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM posts WHERE title LIKE '% #%'",
    );
    return result.rows[0]?.count ?? 0;
  } catch {
    return 0; // no schema yet
  } finally {
    await client.end();
  }
}

/** The production server as `npm start` runs it: WEB_CONCURRENCY processes (scripts/lib/serve.ts). */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "serve.ts")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      STORAGE_DRIVER: "local",
      MAIL_DRIVER: "outbox",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer within 60 s");
}

/** Filter values that exist in the data set: a category, a partner's user, a title word. */
async function sampleValues() {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const category = await client.query<{ name: string }>(
      "SELECT c.name FROM categories c JOIN posts p ON p.category_id = c.id GROUP BY c.name ORDER BY count(*) DESC LIMIT 1",
    );
    const partner = await client.query<{ user_id: string }>(
      "SELECT user_id FROM partners ORDER BY name LIMIT 1",
    );
    return { category: category.rows[0]?.name ?? "Signs", partner: partner.rows[0]?.user_id };
  } finally {
    await client.end();
  }
}

function listingCases(sample: Awaited<ReturnType<typeof sampleValues>>): [string, ListPostsFilters][] {
  return [
    ["unfiltered", {}],
    ["postedAt=This Month", { postedAt: "This Month" }],
    ["postedAt=This Year", { postedAt: "This Year" }],
    [`category=${sample.category}`, { category: sample.category }],
    ["toolType=Laser", { toolType: "Laser" }],
    ["toolType=Endmill", { toolType: "Endmill" }],
    ["author=onefinity", { author: "onefinity" }],
    ...(sample.partner ? [["partner", { partner: sample.partner }] as [string, ListPostsFilters]] : []),
    ["ratings=4", { ratings: 4 }],
    ["searchQuery=walnut clock", { searchQuery: "walnut clock" }],
    ["searchQuery=maple", { searchQuery: "maple" }],
  ];
}

const AUTOCOMPLETE_TEXTS = ["waln", "cherry tra", "cuting board"];

function toQuery(filters: ListPostsFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

async function explainAll(cases: [string, ListPostsFilters][]): Promise<void> {
  const database = createDatabase(databaseUrl, { max: 1 });
  const explain = async (label: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    const result = await database.$client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      params,
    );
    console.log(`\n--- ${label}\n${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
  };
  try {
    for (const [label, filters] of cases) {
      const queries = listingQueries(database, { filters, page: 1, limit: PAGE_SIZE });
      // What a request runs: a search ranks its first ids once (then slices them); any other
      // listing is one statement, the page query joined to its cards.
      if (filters.searchQuery) await explain(`ranked window: ${label}`, queries.window);
      else
        await explain(
          `page with cards: ${label}`,
          postCardsQuery(database, pageOf(queries.page), { actorId: null, publicOnly: false }),
        );
      await explain(`total: ${label}`, queries.total);
    }
    for (const text of AUTOCOMPLETE_TEXTS)
      await explain(`autocomplete: ${text}`, autocompleteQuery(database, text));
  } finally {
    await database.$client.end();
  }
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width: number) => value.toFixed(1).padStart(width);

await ensureDatabase();
const present = await bulkPostCount();
if (present < wantedPosts) {
  console.log(`[bench] ${present} bulk posts present; seeding ${wantedPosts} (a few minutes)`);
  await run("npm", ["run", "seed:large", "--", "--posts", String(wantedPosts)], {
    ...process.env,
    DATABASE_URL: databaseUrl,
  });
} else {
  console.log(`[bench] reusing ${present} bulk posts in ${databaseUrl}`);
}
const explainOnly = values["explain-only"];
const externalBase = values["base-url"]?.replace(/\/$/, "");
if (!explainOnly && !externalBase && !existsSync(path.join(projectRoot, distDir, "BUILD_ID"))) {
  console.log(`[bench] no production build in ${distDir}: building`);
  await run(nextBin(), ["build"], { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" });
}

const sample = await sampleValues();
const cases = listingCases(sample);
if (values.explain || explainOnly) await explainAll(cases);
if (explainOnly) process.exit(0);

const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(path.join(tmpdir(), "cnc-bench-"));
const server = externalBase ? null : await startServer(port, dataDir);
const base = externalBase ?? `http://127.0.0.1:${port}`;
if (!externalBase) console.log(`[bench] server: ${workerCount()} process(es) (WEB_CONCURRENCY)`);
/** The targets on this 2-core machine, judged at 10 connections. */
type Goal = (result: AutocannonResult) => string;
const goal =
  (describe: string, met: (result: AutocannonResult) => boolean): Goal =>
  (result) =>
    `${describe}: ${met(result) ? "met" : "MISSED"}`;
const HOME_GOAL = goal(">= 300 req/s", (result) => result.requests.average >= 300);
const LISTING_GOAL = goal("p99 < 50 ms", (result) => result.latency.p99 < 50);
const AUTOCOMPLETE_GOAL = goal("p99 < 20 ms", (result) => result.latency.p99 < 20);
const GOAL_CONNECTIONS = 10;

const NO_GOAL: Goal = () => "(reference: the framework's floor)";
const targets: { label: string; target: string; goal: Goal }[] = [
  { label: "GET /api/health (one trivial query)", target: "/api/health", goal: NO_GOAL },
  { label: "home page HTML", target: "/", goal: HOME_GOAL },
  ...cases.map(([label, filters]) => ({
    label: `GET /api/v1/post ${label}`,
    target: `/api/v1/post?${toQuery(filters)}`,
    goal: LISTING_GOAL,
  })),
  ...AUTOCOMPLETE_TEXTS.map((text) => ({
    label: `autoComplete ${text}`,
    target: `/api/v1/post/search/autoComplete?searchQuery=${encodeURIComponent(text)}`,
    goal: AUTOCOMPLETE_GOAL,
  })),
];

// --only a,b: just the cases whose label contains one of the texts (a quick look at one area).
const onlyTexts = values.only?.split(",") ?? [];
const chosenTargets =
  onlyTexts.length > 0
    ? targets.filter(({ label }) => onlyTexts.some((text) => label.includes(text)))
    : targets;

let failedRequests = 0;
try {
  // Warm-up: the first request of a route loads its code and fills the connection pool.
  for (const { target } of chosenTargets) for (let i = 0; i < 20; i += 1) await fetch(`${base}${target}`);
  console.log(
    `\n${pad("case", 52)} ${"conns".padStart(5)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(7)}  target`,
  );
  for (const connections of connectionCounts) {
    for (const { label, target, goal: judge } of chosenTargets) {
      // One unrecorded second at the same load first: the JIT and the pool settle on this route.
      await autocannon({ url: `${base}${target}`, connections, duration: 1 });
      const result = await autocannon({ url: `${base}${target}`, connections, duration });
      // A run in which no request completed has no figures: count it as a failure too.
      const failures =
        result.non2xx + result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0);
      failedRequests += failures;
      console.log(
        `${pad(label, 52)} ${String(connections).padStart(5)} ${num(result.requests.average, 8)} ${num(result.latency.p50, 8)} ${num(result.latency.p99, 8)} ${String(failures).padStart(7)}  ${connections === GOAL_CONNECTIONS ? judge(result) : ""}`,
      );
    }
  }
} finally {
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
// Figures from failing requests mean nothing: say so in the exit status.
if (failedRequests > 0) {
  console.error(`[bench] ${failedRequests} requests failed (non-2xx, errors or timeouts)`);
  process.exitCode = 1;
}
