import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/create";
import { attachments, bookmarks, comments, likes, projectMakes } from "@/lib/db/schema";
import { generateProgram } from "@/lib/gcode/cam/generate";
import { renderToolpathThumbnail } from "@/lib/gcode/thumbnail";
import type { InteractionPlan } from "../content/interactions";
import type { SeedProject } from "../content/projects";
import { variantIdOf, type VariantIds } from "./catalogue";
import { storeFile } from "./files";
import type { SeededProjects } from "./projects";

const HOUR_MS = 60 * 60 * 1000;

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
