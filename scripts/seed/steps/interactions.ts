import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/create";
import { and, asc, eq } from "drizzle-orm";
import { attachments, bookmarks, comments, likes, posts, projectMakes, toolData } from "@/lib/db/schema";
import { MM_PER_INCH } from "@/lib/feeds/chipload-table";
import { chiploadMm } from "@/lib/feeds/feeds-check";
import { generateProgram } from "@/lib/gcode/cam/generate";
import { renderToolpathThumbnail } from "@/lib/gcode/thumbnail";
import type { InteractionPlan } from "../content/interactions";
import type { SeedProject } from "../content/projects";
import { variantIdOf, type VariantIds } from "./catalogue";
import { storeFile } from "./files";
import type { SeededProjects } from "./projects";

const HOUR_MS = 60 * 60 * 1000;

/** How makers tuned the project's feed: a fixed spread, so the atlas shows ranges. */
const FEED_TUNING = [0.8, 0.9, 1, 1, 1.1, 1.25] as const;

function tuningOf(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FEED_TUNING[hash % FEED_TUNING.length]!;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A demo make's material and bit: the project's material and first endmill, cut at the file's feed
 * as the maker tuned it, so the chipload atlas has rated makes on a fresh `npm start`.
 */
async function makeBitOf(db: Database, postId: string, key: string) {
  const [tool] = await db
    .select({
      id: toolData.id,
      toolUsed: toolData.toolUsed,
      toolUnit: toolData.toolUnit,
      toolType: toolData.toolType,
      flutes: toolData.flutes,
      material: posts.materialUsed,
      spindleSpeed: posts.spindleSpeed,
      analysis: attachments.gcodeAnalysis,
    })
    .from(toolData)
    .innerJoin(posts, eq(posts.id, toolData.postId))
    .innerJoin(attachments, eq(attachments.id, toolData.modelId))
    .where(and(eq(toolData.postId, postId), eq(toolData.laserOrEndmill, "Endmill")))
    .orderBy(asc(toolData.position))
    .limit(1);
  if (!tool || tool.toolUsed === null) return {};
  const feeds = tool.analysis?.toolFeeds?.[0];
  const diameterMm = round(tool.toolUnit === "inches" ? tool.toolUsed * MM_PER_INCH : tool.toolUsed, 3);
  const feedMmPerMin = feeds ? round(feeds.feedMmPerMin * tuningOf(key), 2) : null;
  const rpm = tool.spindleSpeed ?? feeds?.rpm ?? null;
  return {
    material: tool.material,
    bitToolId: tool.id,
    bitText: `${diameterMm} mm ${tool.toolType ?? "Endmill"}`,
    bitDiameterMm: diameterMm,
    flutes: tool.flutes,
    feedMmPerMin,
    rpm,
    chiploadMm: feedMmPerMin && rpm ? round(chiploadMm(feedMmPerMin, rpm, tool.flutes), 4) : null,
  };
}

/** The text of a Quill delta, for the comments' plain_text column. */
function deltaText(comment: string): string {
  const parsed = JSON.parse(comment) as { ops: { insert: string }[] };
  return parsed.ops
    .map((op) => op.insert)
    .join("")
    .trim();
}

/**
 * Likes, bookmarks, comments and makes of the posts this run created (so a second run adds none).
 * Make photos are renders of the project's toolpath, standing in for real photos.
 */
export async function seedInteractions(
  db: Database,
  plan: InteractionPlan,
  context: {
    projects: readonly SeedProject[];
    seeded: SeededProjects;
    userIds: Map<string, string>;
    variants: VariantIds;
    now: number;
  },
): Promise<void> {
  const { seeded, userIds, now } = context;
  const isNewPost = (slug: string) => seeded.created.has(slug);
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
  const ref = (username: string, slug: string) => ({
    userId: userIds.get(username)!,
    postId: seeded.postIds.get(slug)!,
  });

  const likeRows = plan.likes.filter((like) => isNewPost(like.projectSlug));
  if (likeRows.length) {
    await db
      .insert(likes)
      .values(
        likeRows.map((like) => ({ ...ref(like.username, like.projectSlug), createdAt: at(like.hoursAgo) })),
      )
      .onConflictDoNothing();
  }
  const bookmarkRows = plan.bookmarks.filter((bookmark) => isNewPost(bookmark.projectSlug));
  if (bookmarkRows.length) {
    await db
      .insert(bookmarks)
      .values(
        bookmarkRows.map((row) => ({ ...ref(row.username, row.projectSlug), createdAt: at(row.hoursAgo) })),
      )
      .onConflictDoNothing();
  }
  const commentRows = plan.comments.filter((comment) => isNewPost(comment.projectSlug));
  if (commentRows.length) {
    await db.insert(comments).values(
      commentRows.map((row) => ({
        ...ref(row.username, row.projectSlug),
        comment: row.comment,
        plainText: deltaText(row.comment),
        commentedAt: at(row.hoursAgo),
      })),
    );
  }

  const projectsBySlug = new Map(context.projects.map((project) => [project.slug, project]));
  const photos = new Map<string, Uint8Array>();
  for (const make of plan.makes.filter((row) => isNewPost(row.projectSlug))) {
    const project = projectsBySlug.get(make.projectSlug)!;
    let photo = photos.get(project.slug);
    if (!photo) {
      const { toolpath, stats } = generateProgram(project.recipe, { title: project.title });
      photo = await renderToolpathThumbnail(toolpath, {
        width: 800,
        height: 600,
        format: "webp",
        kerfWidth: stats.kerfWidth,
      });
      photos.set(project.slug, photo);
    }
    const makeId = randomUUID();
    const files = await Promise.all(
      Array.from({ length: Math.max(1, make.imageCount) }, (_, index) =>
        storeFile(
          `makes/${makeId}/photo-${index + 1}.webp`,
          `make-photo-${index + 1}.webp`,
          photo,
          "image/webp",
        ),
      ),
    );
    const { userId, postId } = ref(make.username, make.projectSlug);
    const createdAt = at(make.hoursAgo);
    const bit = make.isPrinted ? await makeBitOf(db, postId, `${make.username}/${make.projectSlug}`) : {};
    await db.transaction(async (tx) => {
      await tx.insert(projectMakes).values({
        id: makeId,
        postId,
        userId,
        printedOnId: variantIdOf(context.variants, make.printedOn),
        isPrinted: make.isPrinted,
        cutExpectation: make.ratings?.cutExpectation ?? null,
        cutQuality: make.ratings?.cutQuality ?? null,
        correctFileInfo: make.ratings?.correctFileInfo ?? null,
        coolFactor: make.ratings?.coolFactor ?? null,
        caption: make.caption,
        ...bit,
        createdAt,
      });
      await tx.insert(attachments).values(
        files.map((file, position) => ({
          ...file,
          userId,
          parentType: "projectMake" as const,
          makeId,
          category: "projectMakeImages" as const,
          resourceType: "image" as const,
          status: "ready" as const,
          position,
          createdAt,
        })),
      );
    });
  }
}
