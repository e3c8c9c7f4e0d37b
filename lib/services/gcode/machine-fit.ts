import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, cncBrands, cncModels, cncVariants, ownedMachines, postSupportedMachines } from "@/lib/db/schema";
import { fitJobToArea, jobSizeMm, type JobSizeMm, type MachineFit } from "@/lib/gcode/machine-fit";

/** One analysed G-code model of the post. */
export interface FitModel {
  attachmentId: string;
  fileName: string;
  units: "mm" | "inch";
  isLaser: boolean;
  /** What the job needs, in mm (cut area X/Y, Z travel). */
  size: JobSizeMm;
}

/** One machine (catalogue variant) and, per model (same order as `models`), whether it fits. */
export interface FitMachine {
  variantId: string;
  brandName: string;
  modelName: string;
  variantName: string;
  /** Listed by the author as a supported machine. */
  isSupported: boolean;
  /** Owned by the signed-in user. */
  isOwned: boolean;
  fits: MachineFit[];
}

export interface PostMachineFit {
  models: FitModel[];
  /** Supported machines first, then the user's other machines; by brand, model, variant. */
  machines: FitMachine[];
}

/**
 * Whether each G-code model of a post fits each machine the post lists as supported and each
 * machine the signed-in user owns. Models without an analysis (not G-code, or not analysed yet)
 * are left out. The caller has already checked that the viewer may see the post.
 */
export async function getPostMachineFit({
  postId,
  userId,
}: {
  postId: string;
  userId?: string | null;
}): Promise<PostMachineFit> {
  const modelRows = await db()
    .select({ id: attachments.id, fileName: attachments.fileName, analysis: attachments.gcodeAnalysis })
    .from(attachments)
    .where(
      and(
        eq(attachments.postId, postId),
        eq(attachments.category, "postModel"),
        eq(attachments.status, "ready"),
        isNotNull(attachments.gcodeAnalysis),
      ),
    )
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  const models = modelRows.flatMap((row) => (row.analysis ? [{ ...row, analysis: row.analysis }] : []));

  const supported = await db()
    .select({ variantId: postSupportedMachines.variantId })
    .from(postSupportedMachines)
    .where(eq(postSupportedMachines.postId, postId));
  const owned = userId
    ? await db()
        .select({ variantId: ownedMachines.variantId })
        .from(ownedMachines)
        .where(eq(ownedMachines.userId, userId))
    : [];
  const supportedIds = new Set(supported.map((row) => row.variantId));
  const ownedIds = new Set(owned.map((row) => row.variantId));
  const variantIds = [...new Set([...supportedIds, ...ownedIds])];

  const variants = variantIds.length
    ? await db()
        .select({
          id: cncVariants.id,
          name: cncVariants.name,
          x: cncVariants.workAreaXMm,
          y: cncVariants.workAreaYMm,
          z: cncVariants.travelZMm,
          modelName: cncModels.name,
          brandName: cncBrands.name,
        })
        .from(cncVariants)
        .innerJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
        .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
        .where(inArray(cncVariants.id, variantIds))
        .orderBy(asc(cncBrands.name), asc(cncModels.name), asc(cncVariants.name))
    : [];

  const machines = variants
    .map((variant) => ({
      variantId: variant.id,
      brandName: variant.brandName,
      modelName: variant.modelName,
      variantName: variant.name,
      isSupported: supportedIds.has(variant.id),
      isOwned: ownedIds.has(variant.id),
      fits: models.map((model) => fitJobToArea(model.analysis, { x: variant.x, y: variant.y, z: variant.z })),
    }))
    .sort((a, b) => Number(b.isSupported) - Number(a.isSupported));

  return {
    models: models.map((model) => ({
      attachmentId: model.id,
      fileName: model.fileName,
      units: model.analysis.units,
      isLaser: model.analysis.isLaser,
      size: jobSizeMm(model.analysis),
    })),
    machines,
  };
}
