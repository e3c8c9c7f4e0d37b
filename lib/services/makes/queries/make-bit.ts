import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, posts, toolData } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { MM_PER_INCH } from "@/lib/feeds/chipload-table";
import { chiploadMm } from "@/lib/feeds/feeds-check";
import { MAKE_MESSAGES } from "@/lib/validation/makes";

export interface MakeBitSnapshot {
  bitToolId: string;
  bitText: string;
  bitDiameterMm: number;
  flutes: number;
  feedMmPerMin: number | null;
  rpm: number | null;
  chiploadMm: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * What a make's bit from the project's tool table cut with: its diameter and flutes, and the feed
 * and speed of the model it belongs to (the feeds check's figures, or the file's only tool when
 * the check did not run). Refuses a tool of another project or a laser.
 */
export async function snapshotMakeBit(postId: string, toolId: string): Promise<MakeBitSnapshot> {
  const [tool] = await db()
    .select({
      id: toolData.id,
      modelId: toolData.modelId,
      laserOrEndmill: toolData.laserOrEndmill,
      toolUsed: toolData.toolUsed,
      toolUnit: toolData.toolUnit,
      toolType: toolData.toolType,
      flutes: toolData.flutes,
      preflight: attachments.preflight,
      analysis: attachments.gcodeAnalysis,
      spindleSpeed: posts.spindleSpeed,
    })
    .from(toolData)
    .innerJoin(posts, eq(posts.id, toolData.postId))
    .leftJoin(attachments, eq(attachments.id, toolData.modelId))
    .where(and(eq(toolData.id, toolId), eq(toolData.postId, postId)))
    .limit(1);
  if (!tool || tool.laserOrEndmill !== "Endmill" || tool.toolUsed === null) {
    throw new AppError("VALIDATION", MAKE_MESSAGES.bitTool, {
      issues: [{ path: "bitToolId", message: MAKE_MESSAGES.bitTool }],
    });
  }
  const diameterMm = round(tool.toolUnit === "inches" ? tool.toolUsed * MM_PER_INCH : tool.toolUsed, 3);
  const check = tool.preflight?.feeds?.find((feeds) => feeds.tool._id === tool.id);
  const onlyTool = tool.analysis?.toolFeeds?.length === 1 ? tool.analysis.toolFeeds[0] : undefined;
  const feedMmPerMin = check?.feedMmPerMin ?? onlyTool?.feedMmPerMin ?? null;
  const rpm = check?.rpm ?? tool.spindleSpeed ?? onlyTool?.rpm ?? null;
  return {
    bitToolId: tool.id,
    bitText: `${diameterMm} mm ${tool.toolType ?? "Endmill"}`,
    bitDiameterMm: diameterMm,
    flutes: tool.flutes,
    feedMmPerMin,
    rpm,
    chiploadMm: feedMmPerMin && rpm ? round(chiploadMm(feedMmPerMin, rpm, tool.flutes), 4) : null,
  };
}
