import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { everyModelIsLaser } from "@/lib/gcode/job-setup-suggestions";
import { attachments, posts, postSupportedMachines, postTags, toolData } from "@/lib/db/schema";
import {
  AUTHORING_MESSAGES,
  detailsStepSchema,
  jobSetupStepSchema,
  licenceStepSchema,
  machinesStepSchema,
  toolEntrySchema,
  toolTableProblems,
} from "@/lib/validation/post-authoring";

type Executor = Pick<Database, "select">;
export interface SubmissionProblem {
  path: string;
  message: string;
}

function problemsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success
    ? []
    : (result.error?.issues ?? []).map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      }));
}

/**
 * The submit rule: every step of the wizard, checked against what is stored for the
 * post, with the same schemas the wizard's steps use. Empty when the post may go to review.
 */
export async function submissionProblems(executor: Executor, postId: string): Promise<SubmissionProblem[]> {
  const [post] = await executor.select().from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post) return [{ path: "post", message: "Project not found" }];
  // One after another: the executor is the caller's transaction, one connection, which runs one
  // query at a time (pg refuses queries queued on a busy client from its next major).
  const tagRows = await executor
    .select({ id: postTags.tagId })
    .from(postTags)
    .where(eq(postTags.postId, postId));
  const machineRows = await executor
    .select({ id: postSupportedMachines.variantId })
    .from(postSupportedMachines)
    .where(eq(postSupportedMachines.postId, postId));
  const files = await executor
    .select({
      id: attachments.id,
      category: attachments.category,
      resourceType: attachments.resourceType,
      analysis: attachments.gcodeAnalysis,
    })
    .from(attachments)
    .where(and(eq(attachments.postId, postId), eq(attachments.status, "ready")));
  const tools = await executor
    .select({
      modelId: toolData.modelId,
      laserOrEndmill: toolData.laserOrEndmill,
      toolUnit: toolData.toolUnit,
      toolUsed: toolData.toolUsed,
      toolType: toolData.toolType,
    })
    .from(toolData)
    .where(eq(toolData.postId, postId))
    .orderBy(asc(toolData.position));

  const problems: SubmissionProblem[] = [
    ...problemsOf(
      detailsStepSchema.safeParse({
        title: post.title,
        description: post.description,
        category: post.categoryId ?? "",
        tags: tagRows.map((row) => row.id),
      }),
    ),
    ...problemsOf(
      machinesStepSchema.safeParse({
        originalMachine: post.originalMachineId ?? "",
        supportedMachines: machineRows.map((row) => row.id),
      }),
    ),
  ];
  const thumbnail = files.find((file) => file.id === post.thumbnailId);
  if (!thumbnail) problems.push({ path: "thumbnail", message: AUTHORING_MESSAGES.thumbnailRequired });
  const models = files.filter((file) => file.category === "postModel");
  if (models.length === 0) problems.push({ path: "models", message: AUTHORING_MESSAGES.modelsRequired });
  if (!files.some((file) => file.category === "postMedia")) {
    problems.push({ path: "mediaFiles", message: AUTHORING_MESSAGES.mediaRequired });
  }
  for (const [index, tool] of tools.entries()) {
    const parsed = toolEntrySchema.safeParse({
      modelId: tool.modelId,
      laserOrEndmill: tool.laserOrEndmill,
      toolUnit: tool.toolUnit ?? undefined,
      toolUsed: tool.toolUsed ?? undefined,
      toolType: tool.toolType ?? undefined,
    });
    problems.push(
      ...problemsOf(parsed).map((problem) => ({ ...problem, path: `toolData.${index}.${problem.path}` })),
    );
  }
  problems.push(
    ...toolTableProblems(
      models.map((model) => model.id),
      tools,
    ),
  );
  problems.push(
    ...problemsOf(
      jobSetupStepSchema.safeParse({
        softwareUsed: post.softwareUsed ?? undefined,
        materialUsed: post.materialUsed ?? undefined,
        jobType: post.jobType ?? undefined,
        units: post.units ?? undefined,
        zZeroPosition: post.zZeroPosition ?? undefined,
        xyDatumPosition: post.xyDatumPosition ?? undefined,
        toolSetter: post.toolSetter ?? undefined,
        probeForZHeightCommand: post.probeForZHeightCommand ?? undefined,
        spindleSpeed: post.spindleSpeed ?? undefined,
        everyModelIsLaser: everyModelIsLaser(
          models.map((model) => ({ fileName: "", analysis: model.analysis })),
        ),
        jobSizeWidth: post.jobSizeWidth,
        jobSizeHeight: post.jobSizeHeight,
        jobSizeThickness: post.jobSizeThickness,
        jobSizeDiameter: post.jobSizeDiameter,
        jobSizeLength: post.jobSizeLength,
      }),
    ),
    ...problemsOf(licenceStepSchema.safeParse({ licenceType: post.licenceType ?? undefined })),
  );
  return problems;
}
