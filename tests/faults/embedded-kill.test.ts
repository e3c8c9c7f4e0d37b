import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { comments, likes, posts, projectMakes } from "@/lib/db/schema";
import { freePort } from "../support/app-server";
import { createUser, testDb, useTestEnvironment } from "../support/factories";
import { accessTokenFor, createProject, giveMachine } from "../support/factories-project";
import { call, type NpmStart, startNpmStart } from "./fault-support";

/**
 * `npm start` on the embedded PGlite is killed with SIGKILL (the primary that
 * owns the database and its server process, at once) during a burst of likes, comments and makes.
 * After a restart on the same data directory the database opens, every write the server had
 * acknowledged is there, and the trigger-kept counters equal the rows.
 */
const MAKERS = 8;
const POSTS = 3;
const BURST_MS = 4_000;

const dir = mkdtempSync(path.join(tmpdir(), "cnc-fault-kill-"));
let app: NpmStart | undefined;

afterAll(async () => {
  await useTestEnvironment();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Acknowledged {
  likes: { postId: string; userId: string }[];
  comments: string[];
  makes: string[];
}

describe("kill -9 of npm start (embedded PGlite) during a burst of writes", () => {
  it("reopens with every acknowledged like, comment and make, and counters equal to the rows", async () => {
    const [port, embeddedPort] = [await freePort(), await freePort()];
    app = await startNpmStart({ dataDir: dir, port, embeddedPort });
    const databaseUrl = `postgres://postgres@127.0.0.1:${embeddedPort}/postgres`;
    await useTestEnvironment({ databaseUrl, dataDir: dir });

    const owner = await createUser();
    const projects: Awaited<ReturnType<typeof createProject>>[] = [];
    for (let index = 0; index < POSTS; index += 1) projects.push(await createProject({ userId: owner.id }));
    const makers: { id: string; token: string }[] = [];
    for (let index = 0; index < MAKERS; index += 1) {
      const maker = await createUser();
      for (const project of projects) await giveMachine(maker.id, project.variants[0]!.id);
      makers.push({ id: maker.id, token: await accessTokenFor(maker.id) });
    }
    // The test's own connections go before the kill; the app's burst is what gets cut.
    await useTestEnvironment();

    const acknowledged: Acknowledged = { likes: [], comments: [], makes: [] };
    const baseUrl = app.baseUrl;
    let isKilled = false;
    let interrupted = 0;
    const burst = async (maker: { id: string; token: string }, index: number) => {
      const ip = `10.7.0.${index + 1}`;
      for (let round = 0; !isKilled; round += 1) {
        for (const { post, variants } of projects) {
          try {
            if (round === 0) {
              const like = await call(baseUrl, "/api/v1/like/create", {
                json: { postId: post.id },
                token: maker.token,
                ip,
              });
              if (like.status < 300) acknowledged.likes.push({ postId: post.id, userId: maker.id });
            }
            const comment = await call<{ comment: { _id: string } }>(baseUrl, "/api/v1/comment/create", {
              json: { postId: post.id, comment: { ops: [{ insert: `Burst ${index}.${round}\n` }] } },
              token: maker.token,
              ip,
            });
            if (comment.status === 201 || comment.status === 200)
              acknowledged.comments.push(comment.body.data!.comment._id);
            const make = await call<{ make: { _id: string } }>(baseUrl, "/api/v1/projectMake/create", {
              json: {
                postId: post.id,
                printedOn: variants[0]!.id,
                isPrinted: true,
                ratings: { cutExpectation: 4, cutQuality: 3, correctFileInfo: 5, coolFactor: 2 },
                caption: `Make ${index}.${round}`,
              },
              token: maker.token,
              ip,
            });
            if (make.status === 201) acknowledged.makes.push(make.body.data!.make._id);
          } catch {
            // the server is gone: what it did not acknowledge may or may not be stored
            interrupted += 1;
            return;
          }
        }
      }
    };
    const writers = makers.map((maker, index) => burst(maker, index));
    await new Promise((resolve) => setTimeout(resolve, BURST_MS));
    app.kill9();
    isKilled = true;
    await Promise.all(writers);
    console.log(
      `[faults] acknowledged before kill -9: ${acknowledged.likes.length} likes, ` +
        `${acknowledged.comments.length} comments, ${acknowledged.makes.length} makes; ${interrupted} requests cut off`,
    );
    // Writers had requests in flight when the processes died (all of them, unless one was between rounds).
    expect(interrupted).toBeGreaterThan(0);
    expect(acknowledged.comments.length).toBeGreaterThan(0);
    expect(acknowledged.makes.length).toBeGreaterThan(0);

    app = await startNpmStart({ dataDir: dir, port, embeddedPort });
    await useTestEnvironment({ databaseUrl, dataDir: dir });
    const postIds = projects.map(({ post }) => post.id);
    const likeRows = await testDb()
      .select({ postId: likes.postId, userId: likes.userId })
      .from(likes)
      .where(inArray(likes.postId, postIds));
    const rowKey = (row: { postId: string; userId: string }) => `${row.postId}/${row.userId}`;
    const likeKeys = new Set(likeRows.map(rowKey));
    expect(acknowledged.likes.map(rowKey).filter((key) => !likeKeys.has(key))).toEqual([]);
    const commentIds = new Set(
      (
        await testDb().select({ id: comments.id }).from(comments).where(inArray(comments.postId, postIds))
      ).map((row) => row.id),
    );
    expect(acknowledged.comments.filter((id) => !commentIds.has(id))).toEqual([]);
    const makeIds = new Set(
      (
        await testDb()
          .select({ id: projectMakes.id })
          .from(projectMakes)
          .where(inArray(projectMakes.postId, postIds))
      ).map((row) => row.id),
    );
    expect(acknowledged.makes.filter((id) => !makeIds.has(id))).toEqual([]);

    for (const postId of postIds) {
      const [counters] = await testDb()
        .select({ likes: posts.likesCount, comments: posts.commentsCount, makes: posts.makesCount })
        .from(posts)
        .where(eq(posts.id, postId));
      const [rows] = await testDb()
        .select({
          likes: sql<number>`(select count(*)::int from ${likes} where ${likes.postId} = ${postId})`,
          comments: sql<number>`(select count(*)::int from ${comments} where ${comments.postId} = ${postId})`,
          makes: sql<number>`(select count(*)::int from ${projectMakes} where ${projectMakes.postId} = ${postId})`,
        })
        .from(posts)
        .where(eq(posts.id, postId));
      expect(counters).toEqual(rows);
    }

    // And the reopened database takes writes again.
    const again = await call(app.baseUrl, "/api/v1/comment/create", {
      json: { postId: postIds[0], comment: { ops: [{ insert: "After the restart\n" }] } },
      token: makers[0]!.token,
    });
    expect(again.status).toBe(201);
  });
});
