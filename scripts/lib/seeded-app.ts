// The set-up the page benchmarks share (bench:bundle, lighthouse): a fresh PostgreSQL database
// (TEST_DATABASE_ADMIN_URL) seeded with the demo community (npm run seed, as the e2e suite does),
// the production build (NEXT_DIST_DIR, built when missing) started on it, and the newest public
// project with a G-code model, so its 3D slide exists but is not the one shown first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureBuild, startApp, type RunningApp } from "../../tests/support/app-server";
import { createTestDatabase } from "../../tests/support/test-database";

export interface SeededApp {
  baseUrl: string;
  /** The newest public project with a G-code model and its author, or null when there is none. */
  project: { postId: string; username: string } | null;
  stop(): Promise<void>;
}

/** The newest public post with a G-code model and its author's username. */
async function newestProjectWithModel(databaseUrl: string): Promise<SeededApp["project"]> {
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
    return row ? { postId: row.id, username: row.username } : null;
  } finally {
    await client.end();
  }
}

/** Seeds a database named after `name`, starts the build on it; stop() drops both. */
export async function startSeededApp(name: string): Promise<SeededApp> {
  const database = await createTestDatabase(`cnc_${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `cnc-${name}-`));
  let app: RunningApp | null = null;
  const stop = async () => {
    await app?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      MAIL_DRIVER: "outbox",
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      STORAGE_DRIVER: "local",
      AUTH_SECRET: `${name}-secret-`.padEnd(44, "0"),
    };
    execFileSync("npm", ["run", "--silent", "seed"], { env: { ...process.env, ...env }, stdio: "inherit" });
    const project = await newestProjectWithModel(database.url);
    if (!process.env.NEXT_DIST_DIR) console.log(`[${name}] NEXT_DIST_DIR unset: the build in .next`);
    await ensureBuild();
    app = await startApp(env);
    return { baseUrl: app.baseUrl, project, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The first project id and profile username a page's HTML links to. */
export function firstLinks(html: string): { postId: string | null; username: string | null } {
  return {
    postId: /href="\/model\/([0-9a-f-]{36})"/.exec(html)?.[1] ?? null,
    username: /href="\/([A-Za-z0-9_]{4,15})"/.exec(html)?.[1] ?? null,
  };
}
