import { eq } from "drizzle-orm";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { inject } from "vitest";
import {
  attachments,
  comments,
  ownedMachines,
  postSupportedMachines,
  posts,
  projectMakes,
  sessions,
  toolData,
} from "@/lib/db/schema";
import { createCatalogue, createUser, testDataDir, testDb, unique } from "./factories";

/** The API suite's AUTH_SECRET (tests/support/api-global-setup.ts). */
export const API_TEST_AUTH_SECRET = "api-test-secret-api-test-secret-0123456789";

/**
 * An access token as lib/auth/access-token.ts signs it, with the live session row (family) that
 * the server checks on every call (docs/sessions.md).
 */
export async function accessTokenFor(userId: string, secret = API_TEST_AUTH_SECRET): Promise<string> {
  const familyId = randomUUID();
  await testDb()
    .insert(sessions)
    .values({
      userId,
      familyId,
      tokenHash: createHash("sha256").update(randomUUID()).digest("hex"),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
  return new SignJWT({ sid: familyId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer("cnc-projects")
    .setIssuedAt()
    .setExpirationTime("15m")
    .sign(new TextEncoder().encode(secret));
}

/** Headers of a signed-in same-origin browser call (cookie + Origin), JSON body optional. */
export async function asUser(
  userId: string,
  init: { json?: unknown; method?: string } = {},
): Promise<RequestInit> {
  const headers: Record<string, string> = {
    cookie: `access_token=${await accessTokenFor(userId)}`,
    origin: inject("baseUrl"),
  };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  };
}

/** A plain-text comment through the API of the app at `baseUrl` (a write the services see). */
export async function commentThroughApi(baseUrl: string, userId: string, postId: string, text: string) {
  return fetch(`${baseUrl}/api/v1/comment/create`, {
    method: "POST",
    headers: {
      origin: baseUrl,
      "content-type": "application/json",
      cookie: `access_token=${await accessTokenFor(userId)}`,
    },
    body: JSON.stringify({ postId, comment: JSON.stringify({ ops: [{ insert: `${text}\n` }] }) }),
  });
}

/** Writes bytes into the app's local storage (DATA_DIR/storage) under a key. */
export function storeFile(key: string, bytes: Buffer | string): void {
  const file = path.join(testDataDir(), "storage", ...key.split("/"));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

export const GCODE = "G21\nG90\nG0 Z5\nG0 X0 Y0\nG1 Z-1 F300\nG1 X10 Y0 F800\nG1 X10 Y10\nG0 Z5\nM2\n";

/**
 * A post with a stored G-code model (with a tool), a zip bundle, a thumbnail, a YouTube link and
 * a supported machine. Visibility public unless given.
 */
export async function createProject(
  options: {
    visibility?: "draft" | "private" | "public" | "unlisted";
    userId?: string;
    withZip?: boolean;
  } = {},
) {
  const owner = options.userId ? { id: options.userId } : await createUser();
  const { variants } = await createCatalogue();
  const [post] = await testDb()
    .insert(posts)
    .values({
      userId: owner.id,
      title: unique("Project "),
      description: "A test project",
      visibility: options.visibility ?? "public",
      jobType: "Single Sided",
      units: "MM",
      jobSizeWidth: 100,
      jobSizeHeight: 100,
      jobSizeThickness: 10,
      licenceType: "by",
      softwareUsed: "Vectric",
      originalMachineId: variants[0]!.id,
    })
    .returning();
  const postId = post!.id;
  const modelKey = `posts/${postId}/postModel/${unique()}-part.nc`;
  storeFile(modelKey, GCODE);
  const base = { userId: owner.id, parentType: "post" as const, postId, status: "ready" as const };
  const [model] = await testDb()
    .insert(attachments)
    .values({
      ...base,
      category: "postModel",
      resourceType: "model",
      fileName: "part.nc",
      fileSize: GCODE.length,
      storageKey: modelKey,
    })
    .returning();
  const [video] = await testDb()
    .insert(attachments)
    .values({
      ...base,
      category: "postMedia",
      resourceType: "youtube",
      fileName: "Video",
      externalUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    })
    .returning();
  let zip: typeof model;
  if (options.withZip !== false) {
    const zipKey = `posts/${postId}/postZip/${unique()}-bundle.zip`;
    storeFile(zipKey, Buffer.from("PK\u0003\u0004zip"));
    [zip] = await testDb()
      .insert(attachments)
      .values({
        ...base,
        category: "postZip",
        resourceType: "zip",
        fileName: "bundle.zip",
        fileSize: 7,
        storageKey: zipKey,
      })
      .returning();
    await testDb().update(posts).set({ zipId: zip!.id }).where(eqId(postId));
  }
  await testDb().insert(toolData).values({
    postId,
    modelId: model!.id,
    laserOrEndmill: "Endmill",
    toolUnit: "mm",
    toolUsed: 3.175,
    toolType: "Upcut Endmill",
  });
  await testDb().insert(postSupportedMachines).values({ postId, variantId: variants[1]!.id });
  return { post: post!, owner, model: model!, video: video!, zip, variants };
}

const eqId = (id: string) => eq(posts.id, id);

export async function giveMachine(userId: string, variantId: string): Promise<void> {
  await testDb().insert(ownedMachines).values({ userId, variantId }).onConflictDoNothing();
}

export async function createComment(postId: string, userId: string, text = "Nice work") {
  const [row] = await testDb()
    .insert(comments)
    .values({ postId, userId, comment: JSON.stringify({ ops: [{ insert: `${text}\n` }] }), plainText: text })
    .returning();
  return row!;
}

export async function createMakeRow(
  postId: string,
  userId: string,
  ratings: [number, number, number, number] | null = [5, 4, 3, 5],
) {
  const [row] = await testDb()
    .insert(projectMakes)
    .values({
      postId,
      userId,
      isPrinted: ratings !== null,
      cutExpectation: ratings?.[0] ?? null,
      cutQuality: ratings?.[1] ?? null,
      correctFileInfo: ratings?.[2] ?? null,
      coolFactor: ratings?.[3] ?? null,
    })
    .returning();
  return row!;
}

/** The smallest valid PNG (1x1). */
export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
