// npm run bench:api [-- --posts 100000 --duration 10 --connections 10,50 --no-cache --port N --explain --explain-only --base-url URL --only TEXT --slowest N]
// The listing API and the home page under load on a real PostgreSQL with the large data set:
// seeds it (npm run seed:large) unless the database already holds that many bulk posts, builds
// the app when NEXT_DIST_DIR has no build, starts the production server and drives each case with
// autocannon, printing requests/s, p50 and p99. --explain also prints EXPLAIN ANALYZE of the
// listing and autocomplete queries, built by the same service code the routes run.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cnc_bench) picks the database.
// --explain-only stops after the plans (no build, no server, no load).
// --base-url drives a server that is already running on that database instead of building and
// starting one (a quick check of the script itself; the figures only count against `next start`).
// --no-cache starts the server with PUBLIC_CACHE_SECONDS=0 (what a signed-in visitor gets) and
// walks distinct autocomplete texts, so the listing and suggestion cases measure the queries.
// Every case's req/s is also printed as a fraction of /api/health's in the same run.
// --slowest N first walks each chosen walked case (the mixed listings, the uncached suggestions)
// once, one request at a time on a fresh server (each request's own time, no queueing), and
// prints the distribution and the N slowest URLs.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fillPlaceholders, is, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { Client } from "pg";
import { createDatabase } from "@/lib/db/create";
import { applyMigrations } from "@/lib/db/migrate";
import { listingQueries, SEARCH_WINDOW } from "@/lib/services/posts/queries/listing";
import { listedPostsWhere } from "@/lib/services/posts/post-access";
import { LISTING_SORTS, type ListingSort } from "@/lib/validation/listing-constants";
import { postDetailQuery } from "@/lib/services/posts/queries/load-post-detail";
import { pageOf, postCardsQuery } from "@/lib/services/posts/queries/to-post-summaries";
import {
  changedSearchRowsQuery,
  parsedSearchQuery,
  readListedSearchRows,
  SearchIndex,
} from "@/lib/search/search-index";
import { changedTitlesQuery, readListedTitles, suggestionRows, TitleIndex } from "@/lib/search/title-index";
import { type ListPostsFilters, PAGE_SIZE } from "@/lib/validation/posts";
import { nextBin, projectRoot, run } from "./lib/runtime";
import { DEMO_PASSWORD, SEED_USERS } from "./seed/content/people";
import { workerCount } from "./lib/serve";
import { MEMBER_HINT_COOKIE } from "@/lib/utils/before-paint";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10,50" },
    explain: { type: "boolean", default: false },
    "explain-only": { type: "boolean", default: false },
    "no-cache": { type: "boolean", default: false },
    port: { type: "string" },
    "base-url": { type: "string" },
    only: { type: "string" },
    slowest: { type: "string" },
    compare: { type: "string" },
    rounds: { type: "string" },
  },
});
const wantedPosts = Number(values.posts);
const duration = Number(values.duration);
const connectionCounts = values.connections.split(",").map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/cnc_bench";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const noCache = values["no-cache"];
/** --compare DIR: another checkout of the app (built), served beside this one on its own database. */
const compareRoot = values.compare ? path.resolve(values.compare) : undefined;
const compareDatabaseUrl = process.env.BENCH_COMPARE_DATABASE_URL ?? databaseUrl;
const rounds = Number(values.rounds ?? (compareRoot ? 3 : 1));

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

/** New migrations (indexes) reach a database seeded by an earlier version too. */
async function migrateDatabase(): Promise<void> {
  const database = createDatabase(databaseUrl, { max: 1 });
  try {
    await applyMigrations(database, projectRoot);
  } finally {
    await database.$client.end();
  }
}

async function bulkPostCount(url = databaseUrl): Promise<number> {
  const client = new Client({ connectionString: url });
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
async function startServer(
  port: number,
  dataDir: string,
  root = projectRoot,
  url = databaseUrl,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "serve.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      STORAGE_DRIVER: "local",
      MAIL_DRIVER: "outbox",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...(noCache ? { PUBLIC_CACHE_SECONDS: "0" } : {}),
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

/**
 * Values that exist in the data set: the busiest category and every category, the partners'
 * users, the public demo post with the most files (the project page cases) and a sample of public
 * titles (the corpus of the mixed case's searches and of the uncached suggestions).
 */
async function sampleValues() {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const categories = await client.query<{ name: string }>(
      "SELECT c.name FROM categories c JOIN posts p ON p.category_id = c.id GROUP BY c.name ORDER BY count(*) DESC, c.name",
    );
    const partners = await client.query<{ user_id: string }>("SELECT user_id FROM partners ORDER BY name");
    const post = await client.query<{ id: string }>(
      `SELECT p.id FROM posts p JOIN attachments a ON a.post_id = p.id
       WHERE p.visibility = 'public' AND p.title NOT LIKE '% #%'
       GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
    );
    // A fixed sample (ordered by a hash of the id) so runs on the same data walk the same queries.
    const titles = await client.query<{ title: string }>(
      "SELECT title FROM posts WHERE visibility = 'public' ORDER BY md5(id::text) LIMIT 2000",
    );
    return {
      category: categories.rows[0]?.name ?? "Signs",
      categories: categories.rows.map((row) => row.name),
      partner: partners.rows[0]?.user_id,
      partners: partners.rows.map((row) => row.user_id),
      postId: post.rows[0]?.id,
      titles: titles.rows.map((row) => row.title),
    };
  } finally {
    await client.end();
  }
}
type Sample = Awaited<ReturnType<typeof sampleValues>>;

/** The distinct words of the titles (letters only, 4+ long), in first-seen order. */
function titleWords(titles: string[]): string[] {
  const words = new Set<string>();
  for (const title of titles)
    for (const word of title.toLowerCase().match(/\p{L}{4,}/gu) ?? []) words.add(word);
  return [...words];
}

/** A small deterministic shuffle (mulberry32), so the mixed walk is the same on every run. */
function shuffled<T>(items: T[], seed = 15): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const MIXED_QUERIES = 1_000;

/**
 * The mixed case: MIXED_QUERIES distinct listing URLs, as a long tail of signed-in visitors asks
 * them. About 70% are filter combinations (every filter alone, some pairs) at pages 1-50; the rest
 * are searches for one or two words of the seeded titles, at pages 1-3.
 */
function mixedQueries(sample: Sample, withSorts: boolean): string[] {
  const filterSets: ListPostsFilters[] = [
    {},
    ...(["Today", "This Week", "This Month", "This Year"] as const).map((postedAt) => ({ postedAt })),
    ...sample.categories.map((category) => ({ category })),
    { toolType: "Laser" },
    { toolType: "Endmill" },
    { author: "onefinity" },
    ...sample.partners.map((partner) => ({ partner })),
    ...[1, 2, 3, 4, 5].map((ratings) => ({ ratings })),
    ...sample.categories.slice(0, 3).flatMap((category) => [
      { category, toolType: "Endmill" as const },
      { category, postedAt: "This Year" as const },
    ]),
    { toolType: "Laser", ratings: 3 },
    { postedAt: "This Year", toolType: "Endmill" },
    ...(withSorts ? LISTING_SORTS.map((sort) => ({ sort })) : []),
  ];
  const words = titleWords(sample.titles);
  const phrases = sample.titles.flatMap((title) => {
    const [first, second] = title.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
    return first && second ? [`${first} ${second}`] : [];
  });
  const terms = [...new Set([...words.slice(0, 150), ...phrases.slice(0, 150)])];
  const urls = new Set<string>();
  const searches = Math.round(MIXED_QUERIES * 0.3);
  for (let i = 0; urls.size < searches && i < terms.length * 3; i += 1) {
    const searchQuery = terms[i % terms.length] as string;
    urls.add(`/api/v1/post?${toQuery({ searchQuery, page: 1 + Math.floor(i / terms.length) })}`);
  }
  for (let i = 0; urls.size < MIXED_QUERIES && i < filterSets.length * 50; i += 1) {
    const filters = filterSets[i % filterSets.length] as ListPostsFilters;
    urls.add(`/api/v1/post?${toQuery({ ...filters, page: 1 + Math.floor(i / filterSets.length) })}`);
  }
  return shuffled([...urls]);
}

/**
 * Uncached suggestions: distinct texts as a person types them, every prefix (4+ characters) of a
 * sampled title and of the title from its second word on ("pine puz", "puzzle"), each also with
 * one typo (two neighbouring letters swapped, the trigram path), shuffled. The bulk titles' " #n"
 * suffix is a seeding artefact nobody types, so it is left out.
 */
function autocompleteTexts(sample: Sample): string[] {
  const texts = new Set<string>();
  for (const title of sample.titles) {
    const lower = title.toLowerCase().replace(/ #\d+$/, "");
    const rest = lower.slice(lower.indexOf(" ") + 1);
    for (const typed of [lower, rest])
      for (let n = 4; n <= typed.length; n += 1) {
        const text = typed.slice(0, n).trimEnd();
        texts.add(text);
        for (let at = 1; at < text.length - 1; at += 1)
          texts.add(`${text.slice(0, at)}${text[at + 1]}${text[at]}${text.slice(at + 2)}`);
      }
  }
  return shuffled([...texts].filter((text) => text.trim().length >= 4));
}

function listingCases(sample: Sample): [string, ListPostsFilters][] {
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
    // Each sort order alone, with a filter, with a common word's search and with a rare word's
    // (a word of the demo posts' descriptions; docs/community.md).
    ...LISTING_SORTS.flatMap((sort): [string, ListPostsFilters][] => {
      const [filterLabel, filter] = sortFilters(sample)[sort];
      return [
        [`sort=${sort}`, { sort }],
        [`sort=${sort}&${filterLabel}`, { sort, ...filter }],
        [`sort=${sort}&searchQuery=maple`, { sort, searchQuery: "maple" }],
        [`sort=${sort}&searchQuery=downcut`, { sort, searchQuery: "downcut" }],
      ];
    }),
  ];
}

/** The filter each sort order is measured with: every kind of filter once. */
function sortFilters(sample: Sample): Record<ListingSort, [string, ListPostsFilters]> {
  return {
    latest: ["toolType=Laser", { toolType: "Laser" }],
    popular: [`category=${sample.category}`, { category: sample.category }],
    topRated: ["ratings=4", { ratings: 4 }],
    mostMade: ["postedAt=This Year", { postedAt: "This Year" }],
    mostDownloaded: ["toolType=Endmill", { toolType: "Endmill" }],
  };
}

const AUTOCOMPLETE_TEXTS = ["waln", "cherry tra", "cuting board"];
/** Searches whose first window the explain run times from the search index and the statement. */
const SEARCH_INDEX_TEXTS = [
  "maple",
  "coaster",
  "cherry",
  "cutting",
  "oak tray",
  "walnut clock",
  "pine or birch",
];

function toQuery(filters: ListPostsFilters & { page?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

async function explainAll(cases: [string, ListPostsFilters][], postId: string | undefined): Promise<void> {
  const database = createDatabase(databaseUrl, { max: 1 });
  const dialect = new PgDialect();
  // Listing statements hold placeholders (lib/db/prepared-statements.ts): `values` fills them.
  const explain = async (
    label: string,
    query: { toSQL(): { sql: string; params: unknown[] } } | SQL,
    values: Record<string, unknown> = {},
  ) => {
    const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
    const result = await database.$client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      fillPlaceholders(params, values),
    );
    console.log(`\n--- ${label}\n${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
  };
  try {
    for (const [label, filters] of cases) {
      const queries = listingQueries(database, { filters, page: 1, limit: PAGE_SIZE });
      // What a request runs: a search ranks its first ids once (then slices them); any other
      // listing is one statement, the page query joined to its cards.
      const { values } = queries.bindings;
      if (filters.searchQuery && !filters.sort)
        await explain(`ranked window: ${label}`, queries.window, values);
      else
        await explain(
          `page with cards: ${label}`,
          postCardsQuery(database, pageOf(queries.page), { actorId: null, publicOnly: false }),
          values,
        );
      await explain(`total: ${label}`, queries.total, values);
    }
    // Suggestions come from each server process's title index (ADR 021): what building one costs,
    // the statement that keeps it current, and the time of a few texts in the process.
    const heapBefore = process.memoryUsage().heapUsed;
    const readStarted = performance.now();
    const listed = await readListedTitles(database, listedPostsWhere);
    const buildStarted = performance.now();
    const index = TitleIndex.build(listed.rows);
    const built = performance.now();
    console.log(
      `\n--- title index: ${listed.rows.length} listed posts read in ${(buildStarted - readStarted).toFixed(0)} ms, ` +
        `indexed in ${(built - buildStarted).toFixed(0)} ms, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB`,
    );
    await explain(
      "title index catch-up (nothing changed)",
      changedTitlesQuery(listed.xmin, listedPostsWhere),
    );
    for (const text of AUTOCOMPLETE_TEXTS) {
      const started = performance.now();
      const rows = suggestionRows(index, text);
      console.log(
        `--- suggestions for "${text}": ${rows.length} in ${(performance.now() - started).toFixed(2)} ms`,
      );
    }
    // Search windows come from each server process's search index (ADR 023): what building one
    // costs, and a common word's window from it against the statement, which must agree.
    const searchRead = performance.now();
    const searchRows = await readListedSearchRows(database);
    const searchBuild = performance.now();
    const searchIndex = SearchIndex.build(searchRows.rows);
    console.log(
      `\n--- search index: ${searchRows.rows.length} listed search rows read in ${(searchBuild - searchRead).toFixed(0)} ms, ` +
        `indexed in ${(performance.now() - searchBuild).toFixed(0)} ms`,
    );
    await explain("search index catch-up (nothing changed)", changedSearchRowsQuery(searchRows.xmin));
    for (const text of SEARCH_INDEX_TEXTS) {
      const query = await parsedSearchQuery(database, text);
      if (!query) continue;
      const inProcess = performance.now();
      const window = searchIndex.window(query, SEARCH_WINDOW);
      const statement = performance.now();
      const queries = listingQueries(database, { filters: { searchQuery: text }, page: 1, limit: PAGE_SIZE });
      const rows = await queries.window.execute(queries.bindings.values);
      const done = performance.now();
      const same =
        window !== null &&
        window.total === Number(rows[0]?.total ?? 0) &&
        window.ids.length === rows.length &&
        window.ids.every((id, at) => id === rows[at]?.id);
      console.log(
        `--- search window "${text}": ${window?.total ?? "-"} matches, index ${(statement - inProcess).toFixed(2)} ms, ` +
          `statement ${(done - statement).toFixed(1)} ms, same ids and total: ${same ? "yes" : "NO"}`,
      );
    }
    // GET /api/v1/post/{id} and the project page: one statement, signed out and as a reader.
    if (postId) {
      await explain("post detail (signed out)", postDetailQuery(database, postId, null));
      const reader = await database.$client.query<{ id: string }>(
        "SELECT user_id AS id FROM owned_machines ORDER BY user_id LIMIT 1",
      );
      const readerId = reader.rows[0]?.id;
      if (readerId) await explain("post detail (signed in)", postDetailQuery(database, postId, readerId));
    }
  } finally {
    await database.$client.end();
  }
}

/**
 * CPU time (user + system, ms) that processes have used, from /proc (Linux; 0 elsewhere). Per
 * request it is what a case costs the machine whatever else shares the cores, where requests/s
 * and p99 on a busy machine mostly measure the neighbours.
 */
function procCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // the process has gone
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The server's processes: the one started here and everything under it. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1)
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** The PostgreSQL backends connected to the benchmark database (the server's pool). */
async function databaseBackends(url: string): Promise<number[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
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
await migrateDatabase();
const explainOnly = values["explain-only"];
const externalBase = values["base-url"]?.replace(/\/$/, "");
if (!explainOnly && !externalBase && !existsSync(path.join(projectRoot, distDir, "BUILD_ID"))) {
  console.log(`[bench] no production build in ${distDir}: building`);
  await run(nextBin(), ["build"], { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" });
}
if (compareRoot) {
  // The other checkout brings its own build and database (its schema may differ from this one's):
  // nothing is built, seeded or migrated there.
  if (externalBase) throw new Error("--compare starts both servers: leave out --base-url");
  if (!existsSync(path.join(compareRoot, distDir, "BUILD_ID")))
    throw new Error(
      `no production build in ${path.join(compareRoot, distDir)}: run \`npx next build\` there`,
    );
  const comparePosts = await bulkPostCount(compareDatabaseUrl);
  console.log(`[bench] comparing with ${compareRoot}: ${comparePosts} bulk posts in ${compareDatabaseUrl}`);
  if (comparePosts !== (await bulkPostCount()))
    console.log("[bench] the two databases hold different data sets");
}

const sample = await sampleValues();
const cases = listingCases(sample);
if (values.explain || explainOnly) await explainAll(cases, sample.postId);
if (explainOnly) process.exit(0);

/** A server under test: this checkout, or with --compare the other one too. */
interface Target {
  name: string;
  base: string;
  databaseUrl: string;
  server: ChildProcess | null;
  dataDir: string;
  cookie: string;
}
const firstPort = values.port ? Number(values.port) : 3900 + Math.floor(Math.random() * 90);
const targets: Target[] = [];
try {
  for (const [name, root, url] of [
    ["this", projectRoot, databaseUrl],
    ...(compareRoot ? [["compared", compareRoot, compareDatabaseUrl]] : []),
  ] as [string, string, string][]) {
    const port = firstPort + targets.length;
    const dataDir = mkdtempSync(path.join(tmpdir(), "cnc-bench-"));
    const target: Target = {
      name,
      base: externalBase ?? `http://127.0.0.1:${port}`,
      databaseUrl: url,
      server: null,
      dataDir,
      cookie: "",
    };
    targets.push(target);
    if (!externalBase) target.server = await startServer(port, dataDir, root, url);
  }
} catch (error) {
  for (const target of targets) stopTarget(target);
  throw error;
}
if (!externalBase) console.log(`[bench] server: ${workerCount()} process(es) (WEB_CONCURRENCY) per checkout`);

function stopTarget(target: Target): void {
  target.server?.kill("SIGTERM");
  rmSync(target.dataDir, { recursive: true, force: true });
}

/**
 * The targets on this 2-core machine, judged at 10 connections. `health` is /api/health's
 * result at the same connections in this run: ratios hold on a noisy machine where absolute
 * requests/s do not.
 */
type Goal = (result: AutocannonResult, health: AutocannonResult | undefined) => string;
const ratioTo = (result: AutocannonResult, health: AutocannonResult | undefined) =>
  health && health.requests.average > 0 ? result.requests.average / health.requests.average : Number.NaN;
const goal =
  (describe: string, met: (result: AutocannonResult, ratio: number) => boolean): Goal =>
  (result, health) =>
    `${describe}: ${met(result, ratioTo(result, health)) ? "met" : "NOT met"}`;
const HOME_GOAL = goal(">= 300 req/s", (result) => result.requests.average >= 300);
const LISTING_GOAL = noCache
  ? goal("p99 < 50 ms, >= 25% of health", (result, ratio) => result.latency.p99 < 50 && ratio >= 0.25)
  : goal("p99 < 50 ms", (result) => result.latency.p99 < 50);
const MIXED_GOAL = goal(
  "p99 < 50 ms, >= 25% of health",
  (result, ratio) => result.latency.p99 < 50 && ratio >= 0.25,
);
const AUTOCOMPLETE_GOAL = goal("p99 < 20 ms", (result) => result.latency.p99 < 20);
const PAGE_GUEST_GOAL = goal(
  "p99 < 50 ms, >= 50% of health",
  (result, ratio) => result.latency.p99 < 50 && ratio >= 0.5,
);
const PAGE_SIGNED_IN_GOAL = goal("p99 < 150 ms", (result) => result.latency.p99 < 150);
const DETAIL_GOAL = goal(">= 50% of health", (_result, ratio) => ratio >= 0.5);
const GOAL_CONNECTIONS = 10;
const NO_GOAL: Goal = () => "(reference: the framework's floor)";
const NOT_REPLAYED_GOAL: Goal = () => "(reference: Next's ISR hit, ADR 022)";

/**
 * The signed-in cases' visitor: a demo maker with machines of their own (so the project page
 * computes fit), signed in once through the API; its cookies are sent as a browser would.
 */
const READER = SEED_USERS.find((user) => user.username === "maple_mike");
async function signIn(base: string): Promise<string> {
  if (!READER) throw new Error("the demo maker maple_mike is missing from the seed");
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: READER.email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}
/** The access cookie lasts 15 minutes; a long run signs in again only once it has lapsed. */
async function ensureSignedIn(base: string, cookie: string): Promise<string> {
  const me = await fetch(`${base}/api/v1/auth/me`, { headers: { cookie } });
  return me.ok ? cookie : signIn(base);
}

interface Case {
  label: string;
  /** A fixed path, or a list walked in order across all connections (each request the next one). */
  target: string | string[];
  goal: Goal;
  signedIn?: boolean;
  /** More request headers. */
  headers?: Record<string, string>;
}
const listingLabel = noCache ? " (uncached)" : "";
const suggestionTexts = noCache ? autocompleteTexts(sample) : [];
// The compared checkout may predate the sort orders: a comparison leaves them out on both sides.
const mixed = mixedQueries(sample, !compareRoot);
const allCases: Case[] = [
  { label: "GET /api/health (one trivial query)", target: "/api/health", goal: NO_GOAL },
  { label: "home page HTML", target: "/", goal: HOME_GOAL },
  ...(sample.postId
    ? [
        { label: "/model/{id} signed out", target: `/model/${sample.postId}`, goal: PAGE_GUEST_GOAL },
        {
          // The server process never replays to a request with credentials in a header (ADR 022),
          // which the app ignores on pages: Next serves its ISR copy.
          label: "/model/{id} signed out, not replayed",
          target: `/model/${sample.postId}`,
          goal: NOT_REPLAYED_GOAL,
          headers: { authorization: "Bearer bench" },
        },
        {
          label: "/model/{id} signed in",
          target: `/model/${sample.postId}`,
          goal: PAGE_SIGNED_IN_GOAL,
          signedIn: true,
        },
        { label: "GET /api/v1/post/{id}", target: `/api/v1/post/${sample.postId}`, goal: DETAIL_GOAL },
      ]
    : []),
  ...cases
    .filter(([, filters]) => !compareRoot || !filters.sort)
    .map(([label, filters]) => ({
      label: `GET /api/v1/post ${label}${listingLabel}`,
      target: `/api/v1/post?${toQuery(filters)}`,
      goal: LISTING_GOAL,
    })),
  {
    label: `GET /api/v1/post mixed: ${mixed.length} queries, signed in`,
    target: mixed,
    goal: MIXED_GOAL,
    signedIn: true,
  },
  ...(noCache
    ? [
        {
          label: `autoComplete ${suggestionTexts.length} distinct texts`,
          target: suggestionTexts.map(
            (text) => `/api/v1/post/search/autoComplete?searchQuery=${encodeURIComponent(text)}`,
          ),
          goal: AUTOCOMPLETE_GOAL,
        },
      ]
    : AUTOCOMPLETE_TEXTS.map((text) => ({
        label: `autoComplete ${text}`,
        target: `/api/v1/post/search/autoComplete?searchQuery=${encodeURIComponent(text)}`,
        goal: AUTOCOMPLETE_GOAL,
      }))),
];

// --only a,b: just the cases whose label contains one of the texts (a quick look at one area);
// /api/health always runs, as the reference of the ratios.
const onlyTexts = values.only?.split(",") ?? [];
const chosenCases =
  onlyTexts.length > 0
    ? allCases.filter(
        ({ label, target }) => target === "/api/health" || onlyTexts.some((text) => label.includes(text)),
      )
    : allCases;

/**
 * Where each walked list has got to: the recorded run continues after the paths its warm-up
 * second asked, so those do not come back from the short-lived caches.
 */
const cursors = new Map<string, number>();
const cursorKey = (target: Target, entry: Case) => `${target.name}\n${entry.label}`;

/** What a browser's page load accepts: members' page loads get the cached project page (ADR 019). */
const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** What a browser's page load accepts as encodings: pages are sent compressed. */
const PAGE_ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * A case's request headers: the session's cookie when signed in; a page asks for HTML, compressed,
 * as a browser does, and a member's browser also holds the member hint that proxy.ts set at its
 * first page load (ADR 019).
 */
function requestHeaders(entry: Case, cookie: string): Record<string, string> | undefined {
  const isPage = typeof entry.target === "string" && !entry.target.startsWith("/api/");
  if (!entry.signedIn && !isPage && !entry.headers) return undefined;
  const sessionCookie = isPage ? `${cookie}; ${MEMBER_HINT_COOKIE}=1` : cookie;
  return {
    ...(entry.signedIn ? { cookie: sessionCookie } : {}),
    ...(isPage ? { accept: PAGE_ACCEPT, "accept-encoding": PAGE_ACCEPT_ENCODING } : {}),
    ...entry.headers,
  };
}

/** autocannon options for a case: a list of paths is walked by one counter shared by all connections. */
function load(entry: Case, connections: number, seconds: number, target: Target) {
  const headers = requestHeaders(entry, target.cookie);
  if (typeof entry.target === "string")
    return autocannon({ url: `${target.base}${entry.target}`, connections, duration: seconds, headers });
  const paths = entry.target;
  const key = cursorKey(target, entry);
  return autocannon({
    url: target.base,
    connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        ...(headers ? { headers } : {}),
        setupRequest: (request) => {
          const next = cursors.get(key) ?? 0;
          cursors.set(key, next + 1);
          return { ...request, path: paths[next % paths.length] as string };
        },
      },
    ],
  });
}

/** A walked case once, one request at a time: where its time goes, before any load. */
async function printSlowest(entry: Case, count: number, target: Target): Promise<void> {
  if (typeof entry.target === "string") return;
  const timed: [number, string][] = [];
  for (const url of entry.target) {
    const started = performance.now();
    const response = await fetch(`${target.base}${url}`, { headers: requestHeaders(entry, target.cookie) });
    await response.arrayBuffer();
    timed.push([performance.now() - started, `${response.status} ${decodeURIComponent(url)}`]);
  }
  const times = timed.map(([ms]) => ms).sort((a, b) => a - b);
  const at = (share: number) =>
    (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(1);
  console.log(
    `\n${entry.label} (${target.name}), one at a time: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  for (const [ms, url] of timed.sort((a, b) => b[0] - a[0]).slice(0, count))
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${url}`);
}

/** One recorded run of a case on a target. */
interface Measurement {
  result: AutocannonResult;
  health: AutocannonResult | undefined;
  /** CPU ms per request of the server's processes and of its database backends ("" when unknown). */
  appMs: string;
  dbMs: string;
}

/** Runs a case once on a target: an unrecorded second, then the recorded run with its CPU. */
async function measure(
  entry: Case,
  connections: number,
  target: Target,
): Promise<Omit<Measurement, "health">> {
  // One unrecorded second at the same load first: the JIT and the pool settle on this route.
  // A walked list is warmed on its own paths too; the recorded run goes on from there.
  await load(entry, connections, 1, target);
  // CPU per request of the server's processes and of the database backends serving it.
  const serverPids = target.server?.pid ? processTree(target.server.pid) : [];
  const backendPids = target.server ? await databaseBackends(target.databaseUrl) : [];
  const cpuBefore = [procCpuMs(serverPids), procCpuMs(backendPids)];
  const result = await load(entry, connections, duration, target);
  const perRequest = (index: 0 | 1, pids: number[]) =>
    pids.length === 0 || result.requests.total === 0
      ? ""
      : ((procCpuMs(pids) - (cpuBefore[index] ?? 0)) / result.requests.total).toFixed(2);
  return { result, appMs: perRequest(0, serverPids), dbMs: perRequest(1, backendPids) };
}

const median = (numbers: number[]): number => {
  const sorted = numbers.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const ms = (value: string) => (value === "" ? Number.NaN : Number(value));
const fixed = (value: number, digits: number, width: number) =>
  (Number.isNaN(value) ? "" : value.toFixed(digits)).padStart(width);
const percent = (value: number) => (Number.isNaN(value) ? "" : `${Math.round(value * 100)}%`);

/** A case's line: its label (and the checkout's name when there are two), figures and target. */
function printLine(
  label: string,
  connections: number,
  figures: {
    requests: number;
    ratio: number;
    p50: number;
    p99: number;
    failures: string;
    appMs: number;
    dbMs: number;
  },
  verdict: string,
): void {
  console.log(
    `${pad(label, 62)} ${String(connections).padStart(5)} ${num(figures.requests, 8)} ${percent(figures.ratio).padStart(7)} ${num(figures.p50, 8)} ${num(figures.p99, 8)} ${figures.failures.padStart(7)} ${fixed(figures.appMs, 2, 6)} ${fixed(figures.dbMs, 2, 6)}  ${verdict}`,
  );
}
const header = () =>
  console.log(
    `\n${pad("case", 62)} ${"conns".padStart(5)} ${"req/s".padStart(8)} ${"health".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(7)} ${"app ms".padStart(6)} ${"db ms".padStart(6)}  target`,
  );
const labelFor = (entry: Case, target: Target) =>
  targets.length > 1 ? `${entry.label} [${target.name}]` : entry.label;

let failedRequests = 0;
/** Every recorded run, by connections, case and target, in round order. */
const recorded = new Map<string, Measurement[]>();
const recordKey = (connections: number, entry: Case, target: Target) =>
  `${connections}\n${entry.label}\n${target.name}`;
try {
  const signedIn = chosenCases.some((entry) => entry.signedIn) || values.slowest;
  for (const target of targets) if (signedIn) target.cookie = await signIn(target.base);
  if (values.slowest)
    for (const target of targets)
      for (const entry of chosenCases) await printSlowest(entry, Number(values.slowest), target);
  // Warm-up: the first request of a route loads its code and fills the connection pool.
  for (const target of targets)
    for (const entry of chosenCases) {
      // A walked list's last paths: the walk reaches them last, long after their caches expired.
      const paths = typeof entry.target === "string" ? [entry.target] : entry.target.slice(-5);
      for (let i = 0; i < 20; i += 1)
        await fetch(`${target.base}${paths[i % paths.length]}`, {
          headers: requestHeaders(entry, target.cookie),
        });
    }
  for (const connections of connectionCounts)
    for (let round = 0; round < rounds; round += 1) {
      if (rounds > 1) console.log(`\n[bench] ${connections} connections, round ${round + 1} of ${rounds}`);
      header();
      for (const target of targets)
        if (target.cookie) target.cookie = await ensureSignedIn(target.base, target.cookie);
      // Two checkouts take turns case by case, the first one alternating by round, so both
      // see the same stretches of the machine's load.
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const entry of chosenCases)
        for (const target of order) {
          const { result, appMs, dbMs } = await measure(entry, connections, target);
          const health =
            entry.target === "/api/health"
              ? result
              : recorded.get(recordKey(connections, chosenCases[0] as Case, target))?.[round]?.result;
          const key = recordKey(connections, entry, target);
          recorded.set(key, [...(recorded.get(key) ?? []), { result, health, appMs, dbMs }]);
          // A run in which no request completed has no figures: count it as a failure too.
          const failures =
            result.non2xx + result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0);
          failedRequests += failures;
          printLine(
            labelFor(entry, target),
            connections,
            {
              requests: result.requests.average,
              ratio: ratioTo(result, health),
              p50: result.latency.p50,
              p99: result.latency.p99,
              failures: String(failures),
              appMs: ms(appMs),
              dbMs: ms(dbMs),
            },
            connections === GOAL_CONNECTIONS ? entry.goal(result, health) : "",
          );
        }
    }
  if (rounds > 1) printMedians();
} finally {
  for (const target of targets) stopTarget(target);
}

/**
 * Several rounds: each figure's median over the rounds, the targets judged on the medians; with
 * two checkouts, this one against the other as the median of the rounds' own ratios (each round's
 * two runs were taken side by side) of requests/s, requests/s as a share of each one's health,
 * p99 and app CPU per request.
 */
function printMedians(): void {
  console.log(`\n[bench] medians of ${rounds} rounds`);
  header();
  const comparisons: string[] = [];
  for (const connections of connectionCounts)
    for (const entry of chosenCases) {
      for (const target of targets) {
        const runs = recorded.get(recordKey(connections, entry, target)) ?? [];
        const requests = median(runs.map((run) => run.result.requests.average));
        const p99 = median(runs.map((run) => run.result.latency.p99));
        const ratio = median(runs.map((run) => ratioTo(run.result, run.health)));
        const asResult = (average: number, latency: number): AutocannonResult => ({
          requests: { average, total: 0 },
          latency: { p50: 0, p99: latency },
          non2xx: 0,
          errors: 0,
          timeouts: 0,
        });
        // The goals read requests/s and p99, and health's requests/s for ratios.
        const medianHealth = asResult(requests / ratio, 0);
        printLine(
          labelFor(entry, target),
          connections,
          {
            requests,
            ratio,
            p50: median(runs.map((run) => run.result.latency.p50)),
            p99,
            failures: String(
              runs.reduce((sum, run) => sum + run.result.non2xx + run.result.errors + run.result.timeouts, 0),
            ),
            appMs: median(runs.map((run) => ms(run.appMs))),
            dbMs: median(runs.map((run) => ms(run.dbMs))),
          },
          connections === GOAL_CONNECTIONS ? entry.goal(asResult(requests, p99), medianHealth) : "",
        );
      }
      const [self, other] = targets;
      if (!self || !other) continue;
      const mine = recorded.get(recordKey(connections, entry, self)) ?? [];
      const theirs = recorded.get(recordKey(connections, entry, other)) ?? [];
      const pairRatio = (figure: (run: Measurement) => number) =>
        median(mine.map((run, at) => figure(run) / figure(theirs[at] as Measurement)));
      const requests = pairRatio((run) => run.result.requests.average);
      const share = pairRatio((run) => ratioTo(run.result, run.health));
      const p99 = pairRatio((run) => run.result.latency.p99);
      const app = pairRatio((run) => ms(run.appMs));
      comparisons.push(
        `${pad(entry.label, 62)} ${String(connections).padStart(5)} ${fixed(requests, 2, 8)} ${fixed(share, 2, 8)} ${fixed(p99, 2, 8)} ${fixed(app, 2, 8)}  ${requests < 0.9 ? "slower by more than 10%" : ""}`,
      );
    }
  if (comparisons.length === 0) return;
  console.log(
    `\n[bench] ${targets[0]?.name} / ${targets[1]?.name}, median of the rounds' ratios (req/s below 0.90: slower by more than 10%)`,
  );
  console.log(
    `${pad("case", 62)} ${"conns".padStart(5)} ${"req/s".padStart(8)} ${"health".padStart(8)} ${"p99".padStart(8)} ${"app ms".padStart(8)}`,
  );
  for (const line of comparisons) console.log(line);
}
// Figures from failing requests mean nothing: say so in the exit status.
if (failedRequests > 0) {
  console.error(`[bench] ${failedRequests} requests failed (non-2xx, errors or timeouts)`);
  process.exitCode = 1;
}
