import "server-only";
import { asc, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, posts } from "@/lib/db/schema";
import { postFilesWhere } from "@/lib/services/attachments/post-files";
import { assertCanReviewPosts, pendingReviewWhere } from "@/lib/services/posts/post-access";
import { type ActorPageRequest, countAll, type Pagination } from "@/lib/services/paging";
import { loadPostCardPage } from "@/lib/services/posts/queries/post-card-page";
import { placeIn } from "@/lib/services/posts/queries/to-post-summaries";
import { getStorage } from "@/lib/storage";
import type { ReviewModel, ReviewPost, ReviewPreflight } from "@/lib/validation/review";
import { preflightFeeds, preflightWarnings } from "./queries/preflight";

const MODEL_URL_SECONDS = 15 * 60;

/**
 * The report as the upload analysis stores it. Read from the whole row, so the queue works before
 * and after that column exists (`preflight` or `preflight_report`), or with the report kept inside
 * the G-code analysis.
 */
const preflightReport = sql<unknown>`coalesce(
  to_jsonb(${attachments}) -> 'preflight',
  to_jsonb(${attachments}) -> 'preflight_report',
  ${attachments.gcodeAnalysis} -> 'preflight'
)`;

/**
 * Staff's review queue: posts waiting for a decision, the longest-waiting first (by the time the
 * post last changed, which is its submission unless the author edited it since), each with its
 * models (short-lived URLs for the 3D preview) and their pre-flight reports.
 */
export async function listPendingPosts({ actor, page, limit }: ActorPageRequest): Promise<{
  posts: ReviewPost[];
  pagination: Pagination;
}> {
  assertCanReviewPosts(actor);
  const order = [asc(posts.updatedAt), asc(posts.id)];
  const { cards, pagination } = await loadPostCardPage({
    ids: db()
      .select({ id: posts.id, ord: placeIn(order) })
      .from(posts)
      .where(pendingReviewWhere)
      .$dynamic(),
    count: db().select({ total: countAll() }).from(posts).where(pendingReviewWhere),
    order,
    page,
    limit,
    actorId: actor.id,
  });
  const postIds = cards.map((card) => card._id);
  const [models, submitted] = await Promise.all([
    postIds.length === 0
      ? Promise.resolve([])
      : db()
          .select({
            id: attachments.id,
            postId: attachments.postId,
            fileName: attachments.fileName,
            fileSize: attachments.fileSize,
            storageKey: attachments.storageKey,
            report: preflightReport,
          })
          .from(attachments)
          .where(postFilesWhere(postIds, "postModel", { ready: true }))
          .orderBy(asc(attachments.position), asc(attachments.createdAt)),
    postIds.length === 0
      ? Promise.resolve([])
      : db()
          .select({ id: posts.id, updatedAt: posts.updatedAt })
          .from(posts)
          .where(inArray(posts.id, postIds)),
  ]);

  const storage = getStorage();
  const modelsByPost = new Map<string, { models: ReviewModel[]; preflight: ReviewPreflight[] }>();
  for (const model of models) {
    if (!model.postId) continue;
    const entry = modelsByPost.get(model.postId) ?? { models: [], preflight: [] };
    entry.models.push({
      _id: model.id,
      fileName: model.fileName,
      fileSize: model.fileSize,
      url: model.storageKey
        ? await storage.presignGet(model.storageKey, { expiresInSeconds: MODEL_URL_SECONDS })
        : null,
    });
    entry.preflight.push({
      modelId: model.id,
      fileName: model.fileName,
      warnings: preflightWarnings(model.report),
      feeds: preflightFeeds(model.report),
      report: model.report ?? null,
    });
    modelsByPost.set(model.postId, entry);
  }
  const submittedAt = new Map(submitted.map((row) => [row.id, row.updatedAt.toISOString()]));
  return {
    posts: cards.map((card) => ({
      ...card,
      submittedAt: submittedAt.get(card._id) ?? card.createdAt,
      models: modelsByPost.get(card._id)?.models ?? [],
      preflight: modelsByPost.get(card._id)?.preflight ?? [],
    })),
    pagination,
  };
}
