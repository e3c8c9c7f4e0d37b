import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
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
import type { GcodeAnalysis } from "@/lib/db/schema";
import type { FeedCheck } from "@/lib/feeds/feeds-check";
import { getStorage } from "@/lib/storage";
import type { Actor } from "@/lib/auth/actor";
import type { PostDetail } from "@/lib/validation/posts";
import { remixDetailColumns } from "../../remixes/queries/remix-columns";
import { rejectionReasonOfPost } from "../../review/queries/rejection-reasons";
import { canSeeReviewOutcome, type PostAccessFacts } from "../post-access";
import { type MachineRow, toMachine } from "./post-machines";
import { idsPage, postCardsQuery, toSummary } from "./to-post-summaries";

export const ATTACHMENT_URL_SECONDS = 15 * 60;

type AttachmentJson = {
  id: string;
  fileName: string;
  category: PostDetail["attachments"][number]["category"];
  resourceType: PostDetail["attachments"][number]["resourceType"];
  storageKey: string | null;
  externalUrl: string | null;
  fileSize: number | null;
  downloadCount: number;
  gcodeAnalysis: GcodeAnalysis | null;
  preflight: { version: number; warnings: string[]; feeds?: FeedCheck[]; checkedAt: string } | null;
};

type ToolJson = Omit<PostDetail["toolData"][number], "_id" | "feeds"> & { id: string };

/** A machine variant with its model and brand as one JSON object (the joins are machineSource's). */
const machineJson = sql`json_build_object('id', ${cncVariants.id}, 'name', ${cncVariants.name},
  'link', ${cncVariants.link}, 'xMm', ${cncVariants.workAreaXMm}, 'yMm', ${cncVariants.workAreaYMm},
  'zMm', ${cncVariants.travelZMm}, 'controller', ${cncVariants.controller}, 'modelName', ${cncModels.name},
  'brandName', ${cncBrands.name})`;
const machineJoins = sql`join ${cncModels} on ${cncModels.id} = ${cncVariants.modelId}
  join ${cncBrands} on ${cncBrands.id} = ${cncModels.brandId}`;
const machineOrder = sql`${cncModels.name}, ${cncVariants.workAreaXMm}, ${cncVariants.name}`;

/** The rows of a correlated subquery as a JSON array, never null. */
const jsonArray = <T>(subquery: SQL) => sql<T[]>`coalesce((${subquery}), '[]'::json)`;

/**
 * The project page's columns beyond the card, each a subquery on `posts` (indexed foreign keys),
 * so the card and the detail are one statement and one round trip.
 */
function detailColumns(actorId: string | null) {
  return {
    ownerId: posts.userId,
    postVisibility: posts.visibility,
    zipId: posts.zipId,
    builtWith: posts.builtWith,
    onefinityModel: posts.onefinityModel,
    onefinityController: posts.onefinityController,
    onefinitySize: posts.onefinitySize,
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
    files: jsonArray<AttachmentJson>(sql`select json_agg(json_build_object('id', ${attachments.id},
        'fileName', ${attachments.fileName}, 'category', ${attachments.category},
        'resourceType', ${attachments.resourceType}, 'storageKey', ${attachments.storageKey},
        'externalUrl', ${attachments.externalUrl}, 'fileSize', ${attachments.fileSize},
        'downloadCount', ${attachments.downloadCount}, 'gcodeAnalysis', ${attachments.gcodeAnalysis},
        'preflight', ${attachments.preflight})
      order by ${attachments.category}, ${attachments.position}, ${attachments.createdAt})
      from ${attachments} where ${attachments.postId} = ${posts.id} and ${attachments.status} = 'ready'`),
    tagList: jsonArray<{ id: string; name: string }>(sql`select json_agg(json_build_object('id', ${tags.id},
        'name', ${tags.name}) order by ${tags.name})
      from ${postTags} join ${tags} on ${tags.id} = ${postTags.tagId} where ${postTags.postId} = ${posts.id}`),
    tools: jsonArray<ToolJson>(sql`select json_agg(json_build_object('id', ${toolData.id},
        'modelId', ${toolData.modelId}, 'toolUsed', ${toolData.toolUsed}, 'toolUnit', ${toolData.toolUnit},
        'laserOrEndmill', ${toolData.laserOrEndmill}, 'toolType', ${toolData.toolType},
        'flutes', ${toolData.flutes})
      order by ${toolData.position}, ${toolData.createdAt})
      from ${toolData} where ${toolData.postId} = ${posts.id}`),
    supported: jsonArray<MachineRow>(sql`select json_agg(${machineJson} order by ${machineOrder})
      from ${postSupportedMachines} join ${cncVariants} on ${cncVariants.id} = ${postSupportedMachines.variantId}
      ${machineJoins} where ${postSupportedMachines.postId} = ${posts.id}`),
    original: sql<MachineRow | null>`(select ${machineJson} from ${cncVariants} ${machineJoins}
      where ${cncVariants.id} = ${posts.originalMachineId})`,
    // Rated makes per star (the weighted total rounded to the nearest whole star): [star, count].
    distribution: jsonArray<[number, number]>(sql`select json_agg(json_build_array(star, rated)) from (
        select greatest(1, least(5, round(${projectMakes.totalRating})))::int as star, count(*)::int as rated
        from ${projectMakes} where ${projectMakes.postId} = ${posts.id} and ${projectMakes.totalRating} is not null
        group by 1) as stars`),
    // The viewer's own machines, so the page can say whether each model fits them.
    owned: actorId
      ? jsonArray<MachineRow>(sql`select json_agg(${machineJson} order by ${machineOrder})
          from ${ownedMachines} join ${cncVariants} on ${cncVariants.id} = ${ownedMachines.variantId}
          ${machineJoins} where ${ownedMachines.userId} = ${actorId}`)
      : sql<MachineRow[]>`'[]'::json`,
    rejectionReason: rejectionReasonOfPost,
    ...remixDetailColumns(actorId),
  };
}

/** The project page's one statement: the post's card and its detail (the benchmark EXPLAINs it). */
export function postDetailQuery(database: Database, postId: string, actorId: string | null) {
  return postCardsQuery(database, idsPage([postId]), { actorId, publicOnly: false }, detailColumns(actorId));
}

/**
 * Everything the project page shows, in one statement (the card's columns plus detailColumns):
 * null when there is no such post or `mayView` (the owner and visibility) rules it out; the
 * caller applies the full rule (post-access.ts) to the result.
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
  const actorId = actor?.id ?? null;
  const [row] = await postDetailQuery(db(), postId, actorId);
  if (!row) return null;
  const facts: PostAccessFacts = { userId: row.ownerId, visibility: row.postVisibility };
  if (!mayView(facts)) return null;

  const summary = await toSummary(row);
  const distribution = [0, 0, 0, 0, 0];
  for (const [star, count] of row.distribution) distribution[Number(star) - 1] = Number(count);
  const seesReviewOutcome = canSeeReviewOutcome(facts, actor);

  const feedsByTool = new Map<string, FeedCheck>();
  for (const file of row.files) {
    for (const check of file.preflight?.feeds ?? []) feedsByTool.set(check.tool._id, check);
  }

  const storage = getStorage();
  const detail: PostDetail = {
    ...summary,
    attachments: await Promise.all(
      row.files.map(async (file) => ({
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
        // Pre-flight warnings are the author's and the reviewer's, not every reader's.
        ...(file.category === "postModel" && seesReviewOutcome ? { preflight: file.preflight ?? null } : {}),
      })),
    ),
    zipId: row.zipId && row.files.some((file) => file.id === row.zipId) ? row.zipId : null,
    tags: row.tagList.map((tag) => ({ _id: tag.id, name: tag.name })),
    toolData: row.tools.map((tool) => ({
      // Every reader sees the verdict on each bit: it is derived from the public file and tool table.
      feeds: feedsByTool.get(tool.id) ?? null,
      flutes: tool.flutes,
      _id: tool.id,
      modelId: tool.modelId,
      toolUsed: tool.toolUsed,
      toolUnit: tool.toolUnit,
      laserOrEndmill: tool.laserOrEndmill,
      toolType: tool.toolType,
    })),
    supportedMachines: row.supported.map(toMachine),
    viewerMachines: row.owned.map(toMachine),
    originalMachine: row.original ? toMachine(row.original) : null,
    hasLikedByUser: summary.hasLikedByUser ?? false,
    hasBookmarkedByUser: summary.hasBookmarkedByUser ?? false,
    isOwner: actor?.id === row.ownerId,
    makes: row.makesCount,
    ratingSummary: { count: distribution.reduce((sum, count) => sum + count, 0), distribution },
    builtWith: row.builtWith,
    onefinityModel: row.onefinityModel,
    onefinityController: row.onefinityController,
    onefinitySize: row.onefinitySize,
    softwareUsed: row.softwareUsed,
    materialUsed: row.materialUsed,
    jobType: row.jobType,
    units: row.units,
    jobSize: {
      height: row.height,
      width: row.width,
      thickness: row.thickness,
      diameter: row.diameter,
      length: row.length,
    },
    zZeroPosition: row.zZeroPosition,
    xyDatumPosition: row.xyDatumPosition,
    laserOrEndmill: row.laserOrEndmill,
    toolSetter: row.toolSetter,
    probeForZHeightCommand: row.probeForZHeightCommand,
    spindleSpeed: row.spindleSpeed,
    licenceType: row.licenceType,
    currentPage: row.currentPage,
    // The owner's and staff's: why a reviewer sent this draft back (lib/services/review).
    reviewRejectionReason: seesReviewOutcome ? row.rejectionReason : null,
    updatedAt: row.updatedAt.toISOString(),
    basedOn: row.basedOnList.map((entry) => ({
      _id: entry.id,
      title: entry.title,
      user: { _id: entry.userId, username: entry.username },
    })),
    remixCount: Number(row.remixCount),
  };
  return { detail, facts, fileCount: row.files.length };
}
