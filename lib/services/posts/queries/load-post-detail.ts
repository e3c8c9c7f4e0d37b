import "server-only";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import {
  attachments,
  cncBrands,
  cncModels,
  cncVariants,
  postSupportedMachines,
  posts,
  postTags,
  projectMakes,
  tags,
  toolData,
} from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import type { Actor } from "@/lib/auth/actor";
import type { PostDetail } from "@/lib/validation/posts";
import { loadRejectionReasons } from "../../review/queries/rejection-reasons";
import { canSeeReviewOutcome, type PostAccessFacts } from "../post-access";
import { loadOwnedMachines, machineColumns, toMachine } from "./post-machines";
import { toPostSummaries } from "./to-post-summaries";

export const ATTACHMENT_URL_SECONDS = 15 * 60;

/**
 * Everything the project page shows, in parallel queries: null when there is no such post.
 * `mayView` decides from the post's owner and visibility whether the rest is loaded at all;
 * the caller applies the full rule (post-access.ts) to the result.
 */
export async function loadPostDetail({
  postId,
  actor,
  mayView,
}: {
  postId: string;
  actor: Actor | null;
  mayView: (facts: PostAccessFacts) => boolean;
}): Promise<{ detail: PostDetail; facts: PostAccessFacts; fileCount: number } | null> {
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
      currentPage: posts.currentPage,
      makesCount: posts.makesCount,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post || !mayView(post)) return null;

  const [[summary], files, tagRows, tools, supported, original, distributionRows, owned, reasons] =
    await Promise.all([
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
          preflight: attachments.preflight,
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
      actor ? loadOwnedMachines(actor.id) : Promise.resolve([]),
      canSeeReviewOutcome(post, actor)
        ? loadRejectionReasons([postId])
        : Promise.resolve(new Map<string, string>()),
    ]);
  if (!summary) return null;

  const distribution = [0, 0, 0, 0, 0];
  for (const row of distributionRows) distribution[Number(row.star) - 1] = Number(row.count);

  const storage = getStorage();
  const detail: PostDetail = {
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
        // Pre-flight warnings are the author's and the reviewer's (issue 13), not every reader's.
        ...(file.category === "postModel" && canSeeReviewOutcome(post, actor)
          ? { preflight: file.preflight ?? null }
          : {}),
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
    viewerMachines: owned,
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
    currentPage: post.currentPage,
    // The owner's and staff's: why a reviewer sent this draft back (lib/services/review).
    reviewRejectionReason: reasons.get(postId) ?? null,
    updatedAt: post.updatedAt.toISOString(),
  };
  return { detail, facts: { userId: post.userId, visibility: post.visibility }, fileCount: files.length };
}
