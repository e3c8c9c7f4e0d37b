import "server-only";
import { eq } from "drizzle-orm";
import { db as appDb } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { attachments, type GcodeAnalysis } from "@/lib/db/schema";
import { analyseGcodeStream } from "@/lib/gcode/analysis";
import { isGcodeFileName } from "@/lib/gcode/file-types";
import { getStorage } from "@/lib/storage";

/**
 * Parses a stored G-code model (streamed from storage chunk by chunk, geometry not kept, so memory
 * stays bounded whatever the size) and saves the statistics in attachments.gcode_analysis.
 * Returns the analysis, or null when the attachment is not a G-code model, has no stored object,
 * or the object cannot be read. Never throws for bad G-code: unknown words are only counted.
 */
export async function analyseStoredGcode(
  attachmentId: string,
  { database = appDb() }: { database?: Database } = {},
): Promise<GcodeAnalysis | null> {
  const [row] = await database
    .select({
      category: attachments.category,
      fileName: attachments.fileName,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(eq(attachments.id, attachmentId))
    .limit(1);
  if (!row?.storageKey || row.category !== "postModel" || !isGcodeFileName(row.fileName)) return null;
  let analysis: GcodeAnalysis | null;
  try {
    const { stream } = await getStorage().getObject(row.storageKey);
    analysis = await analyseGcodeStream(stream);
  } catch (error) {
    console.error(`G-code analysis of attachment ${attachmentId} failed`, error);
    return null;
  }
  await database.update(attachments).set({ gcodeAnalysis: analysis }).where(eq(attachments.id, attachmentId));
  return analysis;
}
