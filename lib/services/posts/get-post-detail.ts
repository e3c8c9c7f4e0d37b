import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import {
  attachments,
  cncBrands,
  cncModels,
  cncVariants,
  ownedMachines,
  postSupportedMachines,
  posts,
  postTags,
  projectMakes,
  tags,
  toolData,
} from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import type { Actor } from "@/lib/auth/actor";
import type { PostDetail, PostMachine } from "@/lib/validation/posts";
import { toPostSummaries } from "./to-post-summaries";

const ATTACHMENT_URL_SECONDS = 15 * 60;
export const POST_NOT_FOUND_MESSAGE = "Project not found";

/** Drafts and posts pending review are visible to their owner and to staff only. */
export function canViewPost(post: { visibility: string; userId: string }, actor: Actor | null): boolean {
  if (post.visibility === "public" || post.visibility === "unlisted") return true;
  return actor !== null && (actor.id === post.userId || actor.isStaff);
}

/**
 * The post's owner and title when the actor may see it. A hidden post answers exactly like a
 * missing one, so ids of drafts do not leak. Comments, makes and downloads all start here.
 */
export async function assertPostVisible(
  postId: string,
  actor: Actor | null,
): Promise<{ userId: string; title: string; visibility: string }> {
  const [post] = await db()
    .select({ userId: posts.userId, title: posts.title, visibility: posts.visibility })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post || !canViewPost(post, actor)) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  return post;
}

const machineColumns = {
  id: cncVariants.id,
  name: cncVariants.name,
  link: cncVariants.link,
  xMm: cncVariants.workAreaXMm,
  yMm: cncVariants.workAreaYMm,
  zMm: cncVariants.travelZMm,
  modelName: cncModels.name,
  brandName: cncBrands.name,
};

type MachineRow = {
  id: string;
  name: string;
  link: string | null;
  xMm: number;
  yMm: number;
  zMm: number | null;
  modelName: string;
  brandName: string;
};

const toMachine = (row: MachineRow): PostMachine => ({
  _id: row.id,
  name: row.name,
  modelName: row.modelName,
  brandName: row.brandName,
  link: row.link,
  workArea: { xMm: row.xMm, yMm: row.yMm, zMm: row.zMm },
});

/** GET /api/v1/post/{id} and the project page: everything the page shows, in parallel queries. */
export async function getPostDetail({
  postId,
  actor,
  bypassVisibility = false,
}: {
  postId: string;
  actor: Actor | null;
  /** Only for the key-protected preview. */
  bypassVisibility?: boolean;
}): Promise<PostDetail> {
  const [post] = await db()
    .select({
      userId: posts.userId,
      visibility: posts.visibility,
      zipId: posts.zipId,
      builtWith: posts.builtWith,
      onefinityModel: posts.onefinityModel,
      onefinityController: posts.onefinityController,
      onefinitySize: posts.onefinitySize,
      originalMachineId: posts.originalMachineId,
      softwareUsed: posts.softwareUsed,
      materialUsed: posts.materialUsed,
      jobType: posts.jobType,
      units: posts.units,
      height: posts.jobSizeHeight,
      width: posts.jobSizeWidth,
      thickness: posts.jobSizeThickness,
      diameter: posts.jobSizeDiameter,
      length: posts.jobSizeLength,
      zZeroPosition: posts.zZeroPosition,
      xyDatumPosition: posts.xyDatumPosition,
      laserOrEndmill: posts.laserOrEndmill,
      toolSetter: posts.toolSetter,
      probeForZHeightCommand: posts.probeForZHeightCommand,
      spindleSpeed: posts.spindleSpeed,
      licenceType: posts.licenceType,
      makesCount: posts.makesCount,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post || !(bypassVisibility || canViewPost(post, actor))) {
    throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  }

  const [[summary], files, tagRows, tools, supported, original, distributionRows, owned] = await Promise.all([
    toPostSummaries([postId], { actorId: actor?.id ?? null }),
    db()
      .select({
        id: attachments.id,
        fileName: attachments.fileName,
        category: attachments.category,
        resourceType: attachments.resourceType,
        storageKey: attachments.storageKey,
        externalUrl: attachments.externalUrl,
        fileSize: attachments.fileSize,
        downloadCount: attachments.downloadCount,
        gcodeAnalysis: attachments.gcodeAnalysis,
      })
      .from(attachments)
      .where(and(eq(attachments.postId, postId), eq(attachments.status, "ready")))
      .orderBy(asc(attachments.category), asc(attachments.position), asc(attachments.createdAt)),
    db()
      .select({ id: tags.id, name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, postId))
      .orderBy(asc(tags.name)),
    db()
      .select({
        id: toolData.id,
        modelId: toolData.modelId,
        toolUsed: toolData.toolUsed,
        toolUnit: toolData.toolUnit,
        laserOrEndmill: toolData.laserOrEndmill,
        toolType: toolData.toolType,
      })
      .from(toolData)
      .where(eq(toolData.postId, postId))
      .orderBy(asc(toolData.position), asc(toolData.createdAt)),
    db()
      .select(machineColumns)
      .from(postSupportedMachines)
      .innerJoin(cncVariants, eq(cncVariants.id, postSupportedMachines.variantId))
      .innerJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
      .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
      .where(eq(postSupportedMachines.postId, postId))
      .orderBy(asc(cncModels.name), asc(cncVariants.workAreaXMm), asc(cncVariants.name)),
    post.originalMachineId
      ? db()
          .select(machineColumns)
          .from(cncVariants)
          .innerJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
          .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
          .where(eq(cncVariants.id, post.originalMachineId))
          .limit(1)
      : Promise.resolve([]),
    // Rated makes per star (the weighted total rounded to the nearest whole star).
    db()
      .select({
        star: sql<number>`greatest(1, least(5, round(${projectMakes.totalRating})))::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(projectMakes)
      .where(and(eq(projectMakes.postId, postId), isNotNull(projectMakes.totalRating)))
      .groupBy(sql`1`),
    // The viewer's own machines, so the page can say whether each model fits them.
    actor
      ? db()
          .select(machineColumns)
          .from(ownedMachines)
          .innerJoin(cncVariants, eq(cncVariants.id, ownedMachines.variantId))
          .innerJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
          .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
          .where(eq(ownedMachines.userId, actor.id))
          .orderBy(asc(cncModels.name), asc(cncVariants.workAreaXMm), asc(cncVariants.name))
      : Promise.resolve([]),
  ]);
  if (!summary) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);

  const distribution = [0, 0, 0, 0, 0];
  for (const row of distributionRows) distribution[Number(row.star) - 1] = Number(row.count);

  const storage = getStorage();
  return {
    ...summary,
    attachments: await Promise.all(
      files.map(async (file) => ({
        _id: file.id,
        fileName: file.fileName,
        category: file.category,
        resourceType: file.resourceType,
        url: file.storageKey
          ? await storage.presignGet(file.storageKey, { expiresInSeconds: ATTACHMENT_URL_SECONDS })
          : file.externalUrl,
        fileSize: file.fileSize,
        downloadCount: file.downloadCount,
        gcodeAnalysis: file.gcodeAnalysis ?? null,
      })),
    ),
    zipId: post.zipId && files.some((file) => file.id === post.zipId) ? post.zipId : null,
    tags: tagRows.map((tag) => ({ _id: tag.id, name: tag.name })),
    toolData: tools.map((tool) => ({
      _id: tool.id,
      modelId: tool.modelId,
      toolUsed: tool.toolUsed,
      toolUnit: tool.toolUnit,
      laserOrEndmill: tool.laserOrEndmill,
      toolType: tool.toolType,
    })),
    supportedMachines: supported.map(toMachine),
    viewerMachines: owned.map(toMachine),
    originalMachine: original[0] ? toMachine(original[0]) : null,
    hasLikedByUser: summary.hasLikedByUser ?? false,
    hasBookmarkedByUser: summary.hasBookmarkedByUser ?? false,
    isOwner: actor?.id === post.userId,
    makes: post.makesCount,
    ratingSummary: { count: distribution.reduce((sum, count) => sum + count, 0), distribution },
    builtWith: post.builtWith,
    onefinityModel: post.onefinityModel,
    onefinityController: post.onefinityController,
    onefinitySize: post.onefinitySize,
    softwareUsed: post.softwareUsed,
    materialUsed: post.materialUsed,
    jobType: post.jobType,
    units: post.units,
    jobSize: {
      height: post.height,
      width: post.width,
      thickness: post.thickness,
      diameter: post.diameter,
      length: post.length,
    },
    zZeroPosition: post.zZeroPosition,
    xyDatumPosition: post.xyDatumPosition,
    laserOrEndmill: post.laserOrEndmill,
    toolSetter: post.toolSetter,
    probeForZHeightCommand: post.probeForZHeightCommand,
    spindleSpeed: post.spindleSpeed,
    licenceType: post.licenceType,
    updatedAt: post.updatedAt.toISOString(),
  };
}

/**
 * A fresh signed URL of the post's thumbnail, for the page's stable OpenGraph/Twitter image
 * address (/model/{id}/thumbnail): link previews fetch it long after a signed URL would expire.
 */
export async function getPostThumbnailUrl({
  postId,
  actor,
}: {
  postId: string;
  actor: Actor | null;
}): Promise<string> {
  const [row] = await db()
    .select({ userId: posts.userId, visibility: posts.visibility, storageKey: attachments.storageKey })
    .from(posts)
    .innerJoin(attachments, and(eq(attachments.id, posts.thumbnailId), eq(attachments.status, "ready")))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!row?.storageKey || !canViewPost(row, actor)) throw new AppError("NOT_FOUND", "Thumbnail not found");
  return getStorage().presignGet(row.storageKey, { expiresInSeconds: ATTACHMENT_URL_SECONDS });
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** True when the key is one of PREVIEW_API_KEY's comma-separated keys (constant-time comparison). */
export function isValidPreviewKey(apiKey: string | null): boolean {
  const keys = (env().PREVIEW_API_KEY ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  if (!apiKey || keys.length === 0) return false;
  const given = digest(apiKey);
  // Compare against every key, so the time taken does not tell which one matched.
  return keys.reduce((matched, key) => timingSafeEqual(digest(key), given) || matched, false);
}

/**
 * The preview screen's post: any visibility (drafts included) for a caller holding a preview key,
 * e.g. the review tool. Without a valid key it answers 401.
 */
export async function getPostPreview({
  postId,
  apiKey,
}: {
  postId: string;
  apiKey: string | null;
}): Promise<PostDetail> {
  if (!isValidPreviewKey(apiKey))
    throw new AppError("UNAUTHENTICATED", "A valid x-api-key header is required.");
  const [owner] = await db()
    .select({ userId: posts.userId })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!owner) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  return getPostDetail({ postId, actor: null, bypassVisibility: true });
}
