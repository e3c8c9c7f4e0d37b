import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, cncBrands, cncModels, cncVariants, projectMakes, users } from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import type { Make } from "@/lib/validation/makes";

const IMAGE_URL_SECONDS = 60 * 60;

/** Makes as the API shows them, newest first, with their checked images as signed URLs. */
export async function loadMakes(where: { postId: string } | { makeIds: string[] }): Promise<Make[]> {
  const rows = await db()
    .select({
      id: projectMakes.id,
      postId: projectMakes.postId,
      userId: projectMakes.userId,
      username: users.username,
      profilePicture: users.profilePicture,
      variantId: cncVariants.id,
      variantName: cncVariants.name,
      modelName: cncModels.name,
      brandName: cncBrands.name,
      isPrinted: projectMakes.isPrinted,
      cutExpectation: projectMakes.cutExpectation,
      cutQuality: projectMakes.cutQuality,
      correctFileInfo: projectMakes.correctFileInfo,
      coolFactor: projectMakes.coolFactor,
      totalRating: projectMakes.totalRating,
      caption: projectMakes.caption,
      material: projectMakes.material,
      bitToolId: projectMakes.bitToolId,
      bitText: projectMakes.bitText,
      bitDiameterMm: projectMakes.bitDiameterMm,
      flutes: projectMakes.flutes,
      feedMmPerMin: projectMakes.feedMmPerMin,
      rpm: projectMakes.rpm,
      chiploadMm: projectMakes.chiploadMm,
      createdAt: projectMakes.createdAt,
    })
    .from(projectMakes)
    .innerJoin(users, eq(users.id, projectMakes.userId))
    .leftJoin(cncVariants, eq(cncVariants.id, projectMakes.printedOnId))
    .leftJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
    .leftJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
    .where(
      "postId" in where ? eq(projectMakes.postId, where.postId) : inArray(projectMakes.id, where.makeIds),
    )
    .orderBy(desc(projectMakes.createdAt), desc(projectMakes.id));
  if (rows.length === 0) return [];

  const images = await db()
    .select({
      id: attachments.id,
      makeId: attachments.makeId,
      fileName: attachments.fileName,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(
      and(
        inArray(
          attachments.makeId,
          rows.map((row) => row.id),
        ),
        eq(attachments.status, "ready"),
      ),
    )
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  const storage = getStorage();
  const imagesByMake = new Map<string, Make["attachments"]>();
  for (const image of images) {
    if (!image.makeId || !image.storageKey) continue;
    const list = imagesByMake.get(image.makeId) ?? [];
    list.push({
      _id: image.id,
      fileName: image.fileName,
      url: await storage.presignGet(image.storageKey, { expiresInSeconds: IMAGE_URL_SECONDS }),
    });
    imagesByMake.set(image.makeId, list);
  }

  return rows.map((row) => {
    const hasRatings =
      row.isPrinted &&
      row.cutExpectation !== null &&
      row.cutQuality !== null &&
      row.correctFileInfo !== null &&
      row.coolFactor !== null;
    return {
      _id: row.id,
      post: row.postId,
      user: { _id: row.userId, username: row.username, profilePicture: row.profilePicture },
      printedOn:
        row.variantId && row.variantName && row.modelName && row.brandName
          ? { _id: row.variantId, name: row.variantName, modelName: row.modelName, brandName: row.brandName }
          : null,
      isPrinted: row.isPrinted,
      ratings: hasRatings
        ? {
            cutExpectation: row.cutExpectation!,
            cutQuality: row.cutQuality!,
            correctFileInfo: row.correctFileInfo!,
            coolFactor: row.coolFactor!,
          }
        : null,
      totalRating: row.totalRating,
      caption: row.caption,
      material: row.material,
      bit: row.bitText
        ? {
            toolId: row.bitToolId,
            label: row.bitText,
            diameterMm: row.bitDiameterMm,
            flutes: row.flutes,
            feedMmPerMin: row.feedMmPerMin,
            rpm: row.rpm,
            chiploadMm: row.chiploadMm,
          }
        : null,
      attachments: imagesByMake.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
    };
  });
}
