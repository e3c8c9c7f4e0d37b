// npm run lighthouse [-- --base-url URL --no-bare]
// Lighthouse 12.2.3 (pinned: 13 wants Node 22) in Debian's Chromium, mobile emulation with
// simulated throttling (Lighthouse's defaults), one run per page, signed out: `/`, a project page,
// its author's profile and `/signup`. Prints the four category scores of each page and fails when
// one is below its budget. Beside them, the scores of a bare Next.js page (one heading, the same
// Next and React) built and started in the same run: the framework's floor on this machine.
// Runs the production build (NEXT_DIST_DIR, built when missing) on a fresh PostgreSQL database
// (TEST_DATABASE_ADMIN_URL) seeded with the demo community, dropped at the end, as
// scripts/bench-bundle.ts does. --base-url measures a server that is already running instead.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { ensureBuild, freePort, startApp, type RunningApp } from "../tests/support/app-server";
import { createTestDatabase } from "../tests/support/test-database";

const { values } = parseArgs({
  options: { "base-url": { type: "string" }, "no-bare": { type: "boolean", default: false } },
});

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/** The budgets, as scores out of 100. */
const BUDGETS: Record<Category, number> = {
  performance: 90,
  accessibility: 95,
  "best-practices": 100,
  seo: 100,
};
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const root = path.resolve(import.meta.dirname, "..");

type Scores = Record<Category, number>;

async function audit(url: string): Promise<{ scores: Scores; failing: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Scores;
    // The audits that cost points, to say what to fix.
    const failing = Object.values(lhr.audits)
      .filter(
        (entry) => entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== "informative",
      )
      .filter((entry) => entry.scoreDisplayMode !== "manual" && entry.scoreDisplayMode !== "notApplicable")
      .map((entry) => `${entry.id}${entry.displayValue ? ` (${entry.displayValue})` : ""}`);
    return { scores, failing };
  } finally {
    chrome.kill();
  }
}

/** The newest public post with a G-code model and its author, as bench:bundle picks it. */
async function projectAndAuthor(databaseUrl: string): Promise<{ postId: string; username: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string; username: string }>(
      `SELECT p.id, u.username FROM posts p JOIN users u ON u.id = p.user_id
        WHERE p.visibility = 'public'
          AND EXISTS (SELECT 1 FROM attachments a WHERE a.post_id = p.id AND a.category = 'postModel')
        ORDER BY p.created_at DESC LIMIT 1`,
    );
    const row = result.rows[0];
    if (!row) throw new Error("the seeded database has no public project with a model");
    return { postId: row.id, username: row.username };
  } finally {
    await client.end();
  }
}

/** A one-page Next.js app, built and started from a folder inside the project (so it finds node_modules). */
async function startBareNextPage(): Promise<{ url: string; stop(): void; dir: string }> {
  const dir = path.join(root, ".lighthouse-bare");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app"), { recursive: true });
  writeFileSync(
    path.join(dir, "app", "layout.jsx"),
    `export const metadata = { title: "Bare Next.js page", description: "The framework's floor." };
export default function Layout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  );
  writeFileSync(
    path.join(dir, "app", "page.jsx"),
    `export default function Page() { return <main><h1>Hello</h1></main>; }\n`,
  );
  writeFileSync(
    path.join(dir, "app", "robots.js"),
    `export default function robots() { return { rules: { userAgent: "*", allow: "/" } }; }\n`,
  );
  // An icon, so the browser's request for one is no console error (the site has its own).
  writeFileSync(
    path.join(dir, "app", "icon.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#136f6a"/></svg>\n`,
  );
  writeFileSync(path.join(dir, "next.config.mjs"), `export default { poweredByHeader: false };\n`);
  const next = path.join(root, "node_modules", ".bin", "next");
  execFileSync(next, ["build"], {
    cwd: dir,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const port = await freePort();
  const child = spawn(next, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; tries < 120; tries += 1) {
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, dir, stop: () => child.kill("SIGTERM") };
}

function row(label: string, scores: Scores, checked: boolean): string {
  const cells = CATEGORIES.map((category) => {
    const mark = checked && scores[category] < BUDGETS[category] ? "!" : " ";
    return `${String(scores[category]).padStart(5)}${mark}`;
  });
  return `${label.padEnd(20)} ${cells.join(" ")}`;
}

async function main(): Promise<void> {
  let app: RunningApp | null = null;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let dataDir: string | null = null;
  let bare: Awaited<ReturnType<typeof startBareNextPage>> | null = null;
  try {
    let base = values["base-url"]?.replace(/\/$/, "");
    let pages: [string, string][];
    if (base) {
      const html = await (await fetch(`${base}/`)).text();
      const postId = /href="\/model\/([0-9a-f-]{36})"/.exec(html)?.[1];
      const username = /href="\/([A-Za-z0-9_]{4,15})"/.exec(html)?.[1];
      if (!postId || !username) throw new Error("no project or profile link on the home page");
      pages = [
        ["/", "/"],
        ["/model/{id}", `/model/${postId}`],
        ["/{username}", `/${username}`],
        ["/signup", "/signup"],
      ];
    } else {
      database = await createTestDatabase("cnc_lighthouse");
      dataDir = mkdtempSync(path.join(tmpdir(), "cnc-lighthouse-"));
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        MAIL_DRIVER: "outbox",
        MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
        STORAGE_DRIVER: "local",
        AUTH_SECRET: "lighthouse-secret-lighthouse-secret-0123456",
      };
      execFileSync("npm", ["run", "--silent", "seed"], { env: { ...process.env, ...env }, stdio: "inherit" });
      const { postId, username } = await projectAndAuthor(database.url);
      await ensureBuild();
      app = await startApp(env);
      base = app.baseUrl;
      pages = [
        ["/", "/"],
        ["/model/{id}", `/model/${postId}`],
        ["/{username}", `/${username}`],
        ["/signup", "/signup"],
      ];
    }

    const results: { label: string; scores: Scores; failing: string[] }[] = [];
    for (const [label, pathname] of pages) {
      // A first request renders and caches the page (ISR), as any visitor after the first finds it.
      await fetch(`${base}${pathname}`);
      results.push({ label, ...(await audit(`${base}${pathname}`)) });
    }
    if (!values["no-bare"]) {
      bare = await startBareNextPage();
      results.push({ label: "bare Next.js page", ...(await audit(bare.url)) });
    }

    console.log(
      `\nLighthouse 12.2.3, mobile emulation, simulated throttling, one run per page (! = below budget)\n` +
        `${"page".padEnd(20)} ${CATEGORIES.map((category) => category.slice(0, 5).padStart(6)).join(" ")}\n` +
        `${"budget".padEnd(20)} ${CATEGORIES.map((category) => `${String(BUDGETS[category]).padStart(5)} `).join(" ")}`,
    );
    let isMet = true;
    for (const result of results) {
      const checked = result.label !== "bare Next.js page";
      console.log(row(result.label, result.scores, checked));
      if (checked && CATEGORIES.some((category) => result.scores[category] < BUDGETS[category]))
        isMet = false;
    }
    for (const result of results) {
      if (result.failing.length > 0) console.log(`\n${result.label}: ${result.failing.join(", ")}`);
    }
    console.log(`\n${isMet ? "Every budget met." : "Some budgets NOT met."}`);
    process.exitCode = isMet ? 0 : 1;
  } finally {
    bare?.stop();
    if (bare) rmSync(bare.dir, { recursive: true, force: true });
    await app?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
