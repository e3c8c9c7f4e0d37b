import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { Database } from "@/lib/db/create";
import { attachments, posts, postSupportedMachines, postTags, toolData } from "@/lib/db/schema";
import { findLicence } from "@/lib/catalogue/enums";
import { analyseGcodeBytes } from "@/lib/gcode/analysis";
import { generateProgram } from "@/lib/gcode/cam/generate";
import { analyseStoredGcode } from "@/lib/services/gcode/analyse-stored-gcode";
import { refreshPreflightReports } from "@/lib/services/posts/preflight/refresh-preflight-reports";
import { renderToolpathThumbnail } from "@/lib/gcode/thumbnail";
import { type SeedProject, youtubeUrl } from "../content/projects";
import { partnerOf } from "../content/people";
import { variantIdOf, type VariantIds } from "./catalogue";
import { storeFile } from "./files";
import type { PeopleIds } from "./people";
import type { TaxonomyIds } from "./taxonomy";

const DAY_MS = 24 * 60 * 60 * 1000;

function modelFileName(project: SeedProject): string {
  const extension =
    project.recipe.kind === "laser-engrave" ? "gcode" : project.software === "Fusion 360" ? "nc" : "ngc";
  return `${project.slug}.${extension}`;
}

function readme(project: SeedProject, modelName: string): string {
  const licence = findLicence(project.licenceType);
  return [
    project.title,
    "",
    project.description,
    "",
    `Model: ${modelName}`,
    `Units: ${project.units}  Material: ${project.material}  Software: ${project.software}`,
    `Licence: ${licence?.label ?? project.licenceType}${licence ? ` (${licence.link})` : ""}`,
    "",
  ].join("\n");
}

/**
 * One project: its G-code generated from the recipe, a toolpath thumbnail, a zip bundle, and the
 * post with its attachments, tags, machines and tools. Files go to storage first, then all rows in
 * one transaction, so a crash leaves no half-written post (only unreferenced files).
 */
async function seedProject(
  db: Database,
  project: SeedProject,
  ids: { variants: VariantIds; taxonomy: TaxonomyIds; people: PeopleIds },
  now: number,
): Promise<{ postId: string; isNew: boolean }> {
  const userId = ids.people.users.get(project.owner);
  if (!userId) throw new Error(`Seed project ${project.slug} has an unknown owner ${project.owner}`);
  const existing = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, userId), eq(posts.title, project.title)))
    .limit(1);
  if (existing[0]) return { postId: existing[0].id, isNew: false };

  const postId = randomUUID();
  const program = generateProgram(project.recipe, { title: project.title });
  const modelName = modelFileName(project);
  const gcodeBytes = strToU8(program.gcode);
  // The post's tool family follows the G-code engine's laser rule (docs/gcode.md): a recipe whose
  // program the engine reads otherwise would seed a post that is filtered and fit-checked wrongly.
  const analysis = analyseGcodeBytes(gcodeBytes);
  if ((analysis?.isLaser ?? false) !== (project.laserOrEndmill === "Laser")) {
    throw new Error(
      `Seed project ${project.slug}: ${project.laserOrEndmill}, but its G-code reads otherwise`,
    );
  }
  const thumbnailBytes = await renderToolpathThumbnail(program.toolpath, {
    width: 640,
    height: 480,
    format: "webp",
    kerfWidth: program.stats.kerfWidth,
  });
  const zipBytes = zipSync({
    [modelName]: gcodeBytes,
    "thumbnail.webp": thumbnailBytes,
    "README.txt": strToU8(readme(project, modelName)),
  });
  const [model, thumbnail, bundle] = await Promise.all([
    storeFile(`posts/${postId}/models/${modelName}`, modelName, gcodeBytes, "text/plain; charset=utf-8"),
    storeFile(`posts/${postId}/thumbnail.webp`, `${project.slug}.webp`, thumbnailBytes, "image/webp"),
    storeFile(`posts/${postId}/${project.slug}.zip`, `${project.slug}.zip`, zipBytes, "application/zip"),
  ]);

  const createdAt = new Date(now - project.daysAgo * DAY_MS);
  const partnerId = project.isPartnerProject
    ? ids.people.partners.get(partnerOf(project.owner)?.user ?? "")
    : undefined;
  await db.transaction(async (tx) => {
    await tx.insert(posts).values({
      id: postId,
      userId,
      title: project.title,
      description: project.description,
      categoryId: ids.taxonomy.categories.get(project.category) ?? null,
      partnerId: partnerId ?? null,
      visibility: project.visibility,
      currentPage: project.visibility === "draft" ? 6 : 8,
      builtWith: project.machine,
      onefinityModel: project.machine === "Onefinity CNC" ? project.originalMachine.model : null,
      originalMachineId: variantIdOf(ids.variants, project.originalMachine),
      softwareUsed: project.software,
      materialUsed: project.material,
      jobType: project.jobType,
      units: project.units,
      ...(project.jobSize.kind === "rotary"
        ? { jobSizeDiameter: project.jobSize.diameter, jobSizeLength: project.jobSize.length }
        : {
            jobSizeWidth: project.jobSize.width,
            jobSizeHeight: project.jobSize.height,
            jobSizeThickness: project.jobSize.thickness,
          }),
      zZeroPosition: project.zZeroPosition,
      xyDatumPosition: project.xyDatumPosition,
      laserOrEndmill: project.laserOrEndmill,
      toolSetter: project.toolSetter,
      probeForZHeightCommand: project.probeForZHeightCommand,
      spindleSpeed: project.laserOrEndmill === "Laser" ? null : project.spindleSpeed,
      licenceType: project.licenceType,
      publishedAt: project.visibility === "public" ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    });
    const common = { userId, parentType: "post" as const, postId, status: "ready" as const, createdAt };
    const [modelRow, thumbnailRow, zipRow] = await tx
      .insert(attachments)
      .values([
        {
          ...common,
          ...model,
          category: "postModel",
          resourceType: "model",
          gcodeAnalysis: analysis,
        },
        { ...common, ...thumbnail, category: "postThumbnail", resourceType: "thumbnail" },
        { ...common, ...bundle, category: "postZip", resourceType: "zip" },
      ])
      .returning({ id: attachments.id });
    if (project.youtubeIds.length) {
      await tx.insert(attachments).values(
        project.youtubeIds.map((videoId, position) => ({
          ...common,
          category: "postMedia" as const,
          resourceType: "youtube" as const,
          fileName: `YouTube video ${videoId}`,
          externalUrl: youtubeUrl(videoId),
          position,
        })),
      );
    }
    await tx
      .update(posts)
      .set({ thumbnailId: thumbnailRow!.id, zipId: zipRow!.id })
      .where(eq(posts.id, postId));
    await tx.insert(postTags).values(
      project.tags.map((tag) => {
        const tagId = ids.taxonomy.tags.get(tag);
        if (!tagId) throw new Error(`Seed project ${project.slug} has an unknown tag ${tag}`);
        return { postId, tagId };
      }),
    );
    if (project.supportedMachines.length) {
      await tx
        .insert(postSupportedMachines)
        .values(
          project.supportedMachines.map((ref) => ({ postId, variantId: variantIdOf(ids.variants, ref) })),
        )
        .onConflictDoNothing();
    }
    await tx.insert(toolData).values(
      project.toolData.map((tool, position) => ({
        postId,
        modelId: modelRow!.id,
        laserOrEndmill: tool.family,
        toolUnit: tool.unit,
        toolUsed: tool.size,
        toolType: tool.type,
        position,
      })),
    );
    // The pre-flight report with its feeds check, as an author's upload and submit compute it.
    await refreshPreflightReports(tx, postId);
  });
  return { postId, isNew: true };
}

export interface SeededProjects {
  /** Post id by project slug. */
  postIds: Map<string, string>;
  /** Slugs of the posts this run created (a second run creates none). */
  created: Set<string>;
}

export async function seedProjects(
  db: Database,
  projects: readonly SeedProject[],
  ids: { variants: VariantIds; taxonomy: TaxonomyIds; people: PeopleIds },
  now: number,
): Promise<SeededProjects> {
  const result: SeededProjects = { postIds: new Map(), created: new Set() };
  for (const project of projects) {
    const { postId, isNew } = await seedProject(db, project, ids, now);
    result.postIds.set(project.slug, postId);
    if (isNew) result.created.add(project.slug);
  }
  // Posts seeded before the G-code analysis existed: analyse their stored models now.
  const postIds = [...result.postIds.values()];
  const unanalysed = postIds.length
    ? await db
        .select({ id: attachments.id })
        .from(attachments)
        .where(
          and(
            inArray(attachments.postId, postIds),
            eq(attachments.category, "postModel"),
            isNull(attachments.gcodeAnalysis),
          ),
        )
    : [];
  for (const { id } of unanalysed) await analyseStoredGcode(id, { database: db });
  return result;
}
