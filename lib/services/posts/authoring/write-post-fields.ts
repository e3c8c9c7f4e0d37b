import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import {
  attachments,
  categories,
  cncVariants,
  posts,
  postSupportedMachines,
  postTags,
  tags,
  toolData,
} from "@/lib/db/schema";
import { TOOL_FLUTES } from "@/lib/catalogue/enums";
import { AppError } from "@/lib/errors";
import { postFilesWhere } from "@/lib/services/attachments/post-files";
import { linkBasedOn, type RemixLink } from "@/lib/services/remixes/link-based-on";
import { idSchema } from "@/lib/validation/common";
import type { PostFields } from "@/lib/validation/post-authoring";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function refuse(path: string, message: string): never {
  throw new AppError("VALIDATION", message, { issues: [{ path, message }] });
}

async function assertAllExist(
  ids: readonly string[],
  lookup: (ids: string[]) => Promise<{ id: string }[]>,
  path: string,
  message: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  // The wizard's category and original machine are plain strings in its schema: a value that is no
  // id at all would fail the uuid column's cast (a 500), so it is refused like an unknown id.
  if (!unique.every((id) => idSchema.safeParse(id).success)) refuse(path, message);
  const found = await lookup(unique);
  if (found.length !== unique.length) refuse(path, message);
}

/**
 * Writes the wizard's fields of one post inside the caller's transaction: the columns, and the
 * tags, supported machines and tool table, each replaced as a whole when given. References are
 * checked (unknown ids are a 400, never a foreign-key 500), and tools may only point at the
 * post's own models. Job sizes follow the job type (the database checks the pairing too).
 * Answers the remix links `basedOn` created (lib/services/remixes/link-based-on.ts).
 */
export async function writePostFields(
  tx: Transaction,
  postId: string,
  fields: PostFields,
): Promise<RemixLink[]> {
  if (fields.category) {
    await assertAllExist(
      [fields.category],
      (ids) => tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids)),
      "category",
      "Category must be selected",
    );
  }
  if (fields.tags) {
    await assertAllExist(
      fields.tags,
      (ids) => tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids)),
      "tags",
      "Unknown tag",
    );
  }
  const variantIds = [
    ...(fields.supportedMachines ?? []),
    ...(fields.originalMachine ? [fields.originalMachine] : []),
  ];
  await assertAllExist(
    variantIds,
    (ids) => tx.select({ id: cncVariants.id }).from(cncVariants).where(inArray(cncVariants.id, ids)),
    "supportedMachines",
    "Unknown CNC machine",
  );

  const columns: Partial<typeof posts.$inferInsert> = {};
  if (fields.title !== undefined) columns.title = fields.title;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.category !== undefined) columns.categoryId = fields.category;
  if (fields.originalMachine !== undefined) columns.originalMachineId = fields.originalMachine;
  if (fields.softwareUsed !== undefined) columns.softwareUsed = fields.softwareUsed;
  if (fields.materialUsed !== undefined) columns.materialUsed = fields.materialUsed;
  if (fields.units !== undefined) columns.units = fields.units;
  if (fields.zZeroPosition !== undefined) columns.zZeroPosition = fields.zZeroPosition;
  if (fields.xyDatumPosition !== undefined) columns.xyDatumPosition = fields.xyDatumPosition;
  if (fields.toolSetter !== undefined) columns.toolSetter = fields.toolSetter;
  if (fields.probeForZHeightCommand !== undefined)
    columns.probeForZHeightCommand = fields.probeForZHeightCommand;
  if (fields.spindleSpeed !== undefined) columns.spindleSpeed = fields.spindleSpeed;
  if (fields.licenceType !== undefined) columns.licenceType = fields.licenceType;
  if (fields.jobType !== undefined) {
    columns.jobType = fields.jobType;
    const rotary = fields.jobType === "Rotary";
    // Only the sizes of the job type are kept (spec §5 payload building; the database's check).
    columns.jobSizeWidth = rotary ? null : (fields.jobSizeWidth ?? null);
    columns.jobSizeHeight = rotary ? null : (fields.jobSizeHeight ?? null);
    columns.jobSizeThickness = rotary ? null : (fields.jobSizeThickness ?? null);
    columns.jobSizeDiameter = rotary ? (fields.jobSizeDiameter ?? null) : null;
    columns.jobSizeLength = rotary ? (fields.jobSizeLength ?? null) : null;
  }
  if (fields.toolData) {
    const families = new Set(fields.toolData.map((tool) => tool.laserOrEndmill));
    columns.laserOrEndmill = families.size === 1 ? [...families][0] : families.size > 1 ? "Endmill" : null;
  }
  if (Object.keys(columns).length > 0) {
    await tx.update(posts).set(columns).where(eq(posts.id, postId));
  }

  if (fields.tags) {
    await tx.delete(postTags).where(eq(postTags.postId, postId));
    const unique = [...new Set(fields.tags)];
    if (unique.length > 0) await tx.insert(postTags).values(unique.map((tagId) => ({ postId, tagId })));
  }
  if (fields.supportedMachines) {
    await tx.delete(postSupportedMachines).where(eq(postSupportedMachines.postId, postId));
    const unique = [...new Set(fields.supportedMachines)];
    if (unique.length > 0) {
      await tx.insert(postSupportedMachines).values(unique.map((variantId) => ({ postId, variantId })));
    }
  }
  if (fields.toolData) {
    const modelIds = [...new Set(fields.toolData.map((tool) => tool.modelId))];
    if (modelIds.length > 0) {
      const models = await tx
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(postFilesWhere(postId, "postModel"), inArray(attachments.id, modelIds)));
      if (models.length !== modelIds.length)
        refuse("toolData", "A tool must belong to one of this project's models");
    }
    await tx.delete(toolData).where(eq(toolData.postId, postId));
    if (fields.toolData.length > 0) {
      await tx.insert(toolData).values(
        fields.toolData.map((tool, position) => {
          const isLaser = tool.laserOrEndmill === "Laser";
          return {
            postId,
            modelId: tool.modelId,
            laserOrEndmill: tool.laserOrEndmill,
            toolUnit: isLaser ? null : (tool.toolUnit ?? null),
            toolUsed: isLaser ? null : (tool.toolUsed ?? null),
            toolType: isLaser ? null : (tool.toolType ?? null),
            flutes: isLaser ? TOOL_FLUTES.default : (tool.flutes ?? TOOL_FLUTES.default),
            position,
          };
        }),
      );
    }
  }
  return fields.basedOn ? linkBasedOn(tx, { postId, basedOn: fields.basedOn }) : [];
}
