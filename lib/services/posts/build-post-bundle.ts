import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { Zip, ZipDeflate } from "fflate";
import { db } from "@/lib/db/client";
import { attachments, posts } from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import { toKeySegment } from "@/lib/storage/keys";

/** The files a 'Download All' bundle holds: models, then media pictures and design files. */
const BUNDLED_CATEGORIES = ["postModel", "postMedia"] as const;

export const postBundleKey = (postId: string) => `posts/${postId}/bundle/download-all.zip`;

/** A name not yet used in the archive: "a.nc", then "a (2).nc", ... */
function uniqueName(name: string, used: Set<string>): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  let candidate = name;
  for (let index = 2; used.has(candidate.toLowerCase()); index += 1)
    candidate = `${stem} (${index})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The zip behind 'Download All', built when a post is submitted: every stored model and
 * media file, streamed from storage into the archive one chunk at a time (only the compressed
 * archive is held in memory), stored as the post's one postZip attachment and set as posts.zip_id.
 * Earlier bundles of the post (e.g. a seeded one) are removed. Returns the attachment id, or null
 * when the post has no files to bundle.
 */
export async function buildPostBundle({ postId }: { postId: string }): Promise<string | null> {
  const [post] = await db()
    .select({ userId: posts.userId, title: posts.title })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post) return null;
  const files = await db()
    .select({ fileName: attachments.fileName, storageKey: attachments.storageKey })
    .from(attachments)
    .where(
      and(
        eq(attachments.postId, postId),
        eq(attachments.status, "ready"),
        inArray(attachments.category, [...BUNDLED_CATEGORIES]),
      ),
    )
    .orderBy(asc(attachments.category), asc(attachments.position), asc(attachments.createdAt));
  const stored = files.filter((file): file is { fileName: string; storageKey: string } => !!file.storageKey);
  if (stored.length === 0) return null;

  const storage = getStorage();
  const chunks: Uint8Array[] = [];
  let failure: unknown = null;
  let finished = false;
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else chunks.push(data);
    if (final) finished = true;
  });
  const used = new Set<string>();
  for (const file of stored) {
    const entry = new ZipDeflate(uniqueName(file.fileName, used), { level: 5 });
    zip.add(entry);
    const { stream } = await storage.getObject(file.storageKey);
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
      if (failure) throw failure;
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error("zip bundle did not finish");
  const archive = Buffer.concat(chunks);

  const storageKey = postBundleKey(postId);
  await storage.putObject(storageKey, archive, {
    contentType: "application/zip",
    contentLength: archive.length,
  });
  const fileName = `${toKeySegment(post.title) || "project"}.zip`;
  const values = {
    fileName,
    fileHash: createHash("sha256").update(archive).digest("hex"),
    fileSize: archive.length,
    contentType: "application/zip",
  };
  const previous = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(attachments)
      .values({
        userId: post.userId,
        parentType: "post",
        postId,
        category: "postZip",
        resourceType: "zip",
        status: "ready",
        storageKey,
        ...values,
      })
      .onConflictDoUpdate({ target: attachments.storageKey, set: values })
      .returning({ id: attachments.id });
    if (!row) throw new Error("zip bundle row not written");
    await tx.update(posts).set({ zipId: row.id }).where(eq(posts.id, postId));
    const old = await tx
      .delete(attachments)
      .where(
        and(eq(attachments.postId, postId), eq(attachments.category, "postZip"), ne(attachments.id, row.id)),
      )
      .returning({ storageKey: attachments.storageKey });
    return { id: row.id, keys: old.map((file) => file.storageKey).filter((key): key is string => !!key) };
  });
  if (previous.keys.length > 0) await storage.deleteObjects(previous.keys);
  return previous.id;
}
