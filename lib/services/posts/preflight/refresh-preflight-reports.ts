import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { attachments, posts, toolData } from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import { buildPreflightReport, type GcodeHeadFacts, scanGcodeHead } from "@/lib/gcode/preflight";

type Executor = Pick<Database, "select" | "update">;

/** How much of a program is read for its head facts: every CAM header and first cut fits in it. */
const HEAD_BYTES = 2 * 1024 * 1024;

async function readHead(storageKey: string): Promise<GcodeHeadFacts | null> {
  try {
    const { stream } = await getStorage().getObject(storageKey, { start: 0, end: HEAD_BYTES - 1 });
    const text = await new Response(stream).text();
    return scanGcodeHead(text);
  } catch (error) {
    console.error(`Pre-flight: the head of ${storageKey} could not be read`, error);
    return null;
  }
}

/**
 * Computes and stores the pre-flight report of each ready model of a post (or only `modelIds`)
 * against the post's current job setup and tool table. Runs in the caller's transaction when given
 * one (submit), so the stored reports always match what was submitted.
 */
export async function refreshPreflightReports(
  executor: Executor,
  postId: string,
  modelIds?: readonly string[],
): Promise<void> {
  const [post] = await executor
    .select({
      units: posts.units,
      jobType: posts.jobType,
      zZeroPosition: posts.zZeroPosition,
      width: posts.jobSizeWidth,
      height: posts.jobSizeHeight,
      thickness: posts.jobSizeThickness,
      diameter: posts.jobSizeDiameter,
      length: posts.jobSizeLength,
      materialUsed: posts.materialUsed,
      spindleSpeed: posts.spindleSpeed,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post) return;
  const models = await executor
    .select({ id: attachments.id, storageKey: attachments.storageKey, analysis: attachments.gcodeAnalysis })
    .from(attachments)
    .where(
      and(
        eq(attachments.postId, postId),
        eq(attachments.category, "postModel"),
        eq(attachments.status, "ready"),
        ...(modelIds ? [inArray(attachments.id, [...modelIds])] : []),
      ),
    );
  if (models.length === 0) return;
  const tools = await executor
    .select({
      id: toolData.id,
      modelId: toolData.modelId,
      laserOrEndmill: toolData.laserOrEndmill,
      toolUsed: toolData.toolUsed,
      toolUnit: toolData.toolUnit,
      toolType: toolData.toolType,
      flutes: toolData.flutes,
    })
    .from(toolData)
    .where(eq(toolData.postId, postId))
    .orderBy(asc(toolData.position));
  const checkedAt = new Date().toISOString();
  for (const model of models) {
    const head = model.storageKey ? await readHead(model.storageKey) : null;
    const mappedTools = tools.filter((tool) => tool.modelId === model.id);
    const report = buildPreflightReport({
      analysis: model.analysis ?? null,
      head,
      job: post,
      mappedTools,
      feeds: { mappedTools, material: post.materialUsed, spindleSpeed: post.spindleSpeed },
    });
    await executor
      .update(attachments)
      .set({ preflight: { ...report, checkedAt } })
      .where(eq(attachments.id, model.id));
  }
}
