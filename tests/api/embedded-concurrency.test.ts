import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { likes, posts } from "@/lib/db/schema";
import { testDb } from "../support/factories";
import { createProject } from "../support/factories-project";
import { Browser, signUp, signupFields } from "./auth-support";

/**
 * The embedded database (npm start's default) under overlapping requests and after the pool's
 * idle timeout. This file runs on PostgreSQL and, in `npm test`'s embedded
 * pass (TEST_DATABASE=embedded), on PGlite; the API server's pool idles out after 1.5 s there.
 */
const USERS = 20;

async function burst(browsers: Browser[], fields: ReturnType<typeof signupFields>[], postId: string) {
  const answers = await Promise.all(
    browsers.map(async (browser, index) => {
      const login = await browser.call("/api/v1/auth/login", {
        method: "POST",
        json: { email: fields[index]!.email, password: fields[index]!.password },
      });
      const like = await browser.call("/api/v1/like/create", { method: "POST", json: { postId } });
      const comment = await browser.call("/api/v1/comment/create", {
        method: "POST",
        json: { postId, comment: { ops: [{ insert: `Concurrent comment ${index}\n` }] } },
      });
      return [login.status, like.status, comment.status];
    }),
  );
  return answers.flat();
}

describe("concurrent requests and an idle pool (both databases)", () => {
  it(`serves ${USERS} sign-ups, logins, likes and comments at once, and again after an idle pause`, async () => {
    const { post } = await createProject();
    const fields = Array.from({ length: USERS }, () => signupFields());
    const browsers = fields.map(() => new Browser());
    const signups = await Promise.all(browsers.map((browser, index) => signUp(browser, fields[index])));
    expect(signups.map((answer) => answer.user.email)).toEqual(fields.map((field) => field.email));

    const first = await burst(browsers, fields, post.id);
    expect(first.filter((status) => status >= 500)).toEqual([]);
    expect(first.every((status) => status === 200 || status === 201)).toBe(true);

    // Longer than the pool's idle timeout (DB_POOL_IDLE_MS=1500 in tests/support/api-global-setup.ts).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const second = await burst(browsers, fields, post.id);
    expect(second.every((status) => status === 200 || status === 201)).toBe(true);

    // Nothing acknowledged was lost, and the trigger-kept counters equal the rows.
    const likeRows = await testDb().select().from(likes).where(eq(likes.postId, post.id));
    expect(likeRows).toHaveLength(USERS);
    const [counts] = await testDb()
      .select({ likes: posts.likesCount, comments: posts.commentsCount })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(counts).toEqual({ likes: USERS, comments: USERS * 2 });
  }, 60_000);
});
