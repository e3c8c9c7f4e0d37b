import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  JOB_TYPES,
  LICENCE_TYPES,
  LICENCE_VALUES,
  MACHINES,
  MATERIALS,
  MATERIAL_VALUES,
  POST_VISIBILITIES,
  PROBE_FOR_Z,
  RATING_CRITERIA,
  SOFTWARE,
  SPINDLE_SPEED,
  TOOL_FAMILIES,
  TOOL_SETTER,
  TOOL_SIZE_RANGE,
  TOOL_TYPES,
  UNITS,
  XY_DATUM_POSITIONS,
  Z_ZERO_POSITIONS,
  roundToOneDecimal,
  visibilityBadgeLabel,
  weightedTotalRating,
} from "@/lib/catalogue/enums";
import {
  CATALOGUE_VARIANTS,
  CNC_BRANDS,
  catalogueVariantRef,
  findCatalogueVariant,
  machineRefKey,
  toMillimetres,
  variantFitsJob,
} from "@/lib/catalogue/machines";
import type { DesignRecipe } from "@/lib/gcode/cam/recipe";
import { SEED_CATEGORIES, SEED_TAGS } from "@/scripts/seed/content/categories";
import {
  OWNER_REPLIES,
  SEED_COMMENTS,
  SEED_MAKE_CAPTIONS,
  planInteractions,
} from "@/scripts/seed/content/interactions";
import type { CommentDelta } from "@/scripts/seed/content/interactions";
import { DEMO_PASSWORD, SEED_PARTNERS, SEED_USERS, isActiveSeedUser } from "@/scripts/seed/content/people";
import { SEED_PROJECTS, publicSeedProjects } from "@/scripts/seed/content/projects";
import type { SeedProject } from "@/scripts/seed/content/projects";
import { createRng } from "@/scripts/seed/content/random";

/** The accounts spec's username rules (§5), restated here so the test does not trust the data's author. */
function usernameProblem(username: string): string | null {
  if (username.length < 4) return "too short";
  if (username.length > 15) return "too long";
  if (/\s/.test(username)) return "whitespace";
  if (!/^[A-Za-z0-9_]+$/.test(username)) return "characters";
  if (!/^[A-Za-z]/.test(username)) return "must start with a letter";
  if (username.includes("__")) return "consecutive underscores";
  return null;
}

const includes = <T extends string>(list: readonly T[], value: string): boolean =>
  (list as readonly string[]).includes(value);

const publicProjects = publicSeedProjects();
const usersByName = new Map(SEED_USERS.map((user) => [user.username, user]));

describe("catalogue enumerations", () => {
  it("keep the spec's order and spelling", () => {
    expect(MACHINES).toEqual(["Onefinity CNC", "Others"]);
    expect(SOFTWARE).toEqual([
      "Carveco",
      "Vectric",
      "Fusion 360",
      "Carbide Create",
      "Easel",
      "Solidworks",
      "MeshCam",
      "EZ Cad",
      "FreeCAM",
      "Estlcam",
      "Other",
    ]);
    expect(JOB_TYPES).toEqual(["Single Sided", "Double Sided", "Rotary", "Tile"]);
    expect(UNITS).toEqual(["Inches", "MM"]);
    expect(Z_ZERO_POSITIONS).toEqual(["Material Surface", "Machine Bed"]);
    expect(XY_DATUM_POSITIONS).toEqual(["Lower Left", "Center", "Upper Left", "Lower Right", "Upper Right"]);
    expect(TOOL_FAMILIES).toEqual(["Endmill", "Laser"]);
    expect(TOOL_TYPES).toHaveLength(11);
    expect(TOOL_TYPES[0]).toBe("Upcut Endmill");
    expect(TOOL_TYPES[10]).toBe("Dovetail");
    expect(TOOL_SETTER).toEqual(["Enabled", "Disable"]);
    expect(PROBE_FOR_Z).toEqual(["No", "Yes"]);
    expect(POST_VISIBILITIES).toEqual(["draft", "private", "public", "unlisted"]);
  });

  it("list seven licences with Creative Commons links, and value tuples that match the records", () => {
    expect(LICENCE_TYPES.map((licence) => licence.label)).toEqual([
      "Creative Commons Public Domain (CC0)",
      "Attribution",
      "Attribution - Share Alike",
      "Attribution - No Derivatives",
      "Attribution - Noncommercial",
      "Attribution - Noncommercial - Share Alike",
      "Attribution - Noncommercial - No Derivatives",
    ]);
    expect(LICENCE_TYPES.map((licence) => licence.value)).toEqual([...LICENCE_VALUES]);
    for (const licence of LICENCE_TYPES) {
      expect(licence.link).toMatch(/^https:\/\/creativecommons\.org\/(licenses|publicdomain)\//);
      expect(licence.logo).toBe(`/licences/${licence.value}.svg`);
      expect(licence.description.length).toBeGreaterThan(20);
    }
    expect(LICENCE_TYPES[0].link).toBe("https://creativecommons.org/publicdomain/zero/1.0/");
    expect(MATERIALS.map((material) => material.value)).toEqual([...MATERIAL_VALUES]);
    expect(MATERIAL_VALUES[0]).toBe("Wood (soft)");
  });

  it("label visibility badges, with 'Unknown' for anything else", () => {
    expect(visibilityBadgeLabel("draft")).toBe("Draft");
    expect(visibilityBadgeLabel("private")).toBe("Pending for Review");
    expect(visibilityBadgeLabel("public")).toBe("Public");
    expect(visibilityBadgeLabel("unlisted")).toBe("Unlisted");
    expect(visibilityBadgeLabel("published")).toBe("Unknown");
    expect(visibilityBadgeLabel(undefined)).toBe("Unknown");
  });
});

describe("weightedTotalRating", () => {
  const rate = (cutExpectation: number, cutQuality: number, correctFileInfo: number, coolFactor: number) =>
    weightedTotalRating({ cutExpectation, cutQuality, correctFileInfo, coolFactor });

  it("uses the spec's weights", () => {
    expect(RATING_CRITERIA.map((criterion) => [criterion.key, criterion.weight])).toEqual([
      ["cutExpectation", 0.25],
      ["cutQuality", 0.25],
      ["correctFileInfo", 0.2],
      ["coolFactor", 0.3],
    ]);
  });

  it("matches totals worked out by hand, rounding half up to one decimal", () => {
    expect(rate(5, 5, 5, 5)).toBe(5);
    expect(rate(1, 1, 1, 1)).toBe(1);
    // 0.25*4 + 0.25*3 + 0.2*5 + 0.3*2 = 1 + 0.75 + 1 + 0.6 = 3.35 -> 3.4
    expect(rate(4, 3, 5, 2)).toBe(3.4);
    // 0.25*1 + 0.25*2 + 0.2*2 + 0.3*4 = 0.25 + 0.5 + 0.4 + 1.2 = 2.35 -> 2.4
    // (summed in doubles this is 2.3499999999999996, which a plain Math.round(x*10)/10 turns into 2.3)
    expect(rate(1, 2, 2, 4)).toBe(2.4);
    // 0.25 + 0.5 + 0.2 + 0.6 = 1.55 -> 1.6
    expect(rate(1, 2, 1, 2)).toBe(1.6);
    // 1.25 + 1 + 0.6 + 1.5 = 4.35 -> 4.4
    expect(rate(5, 4, 3, 5)).toBe(4.4);
    // 0.75 + 0.75 + 0.6 + 0.9 = 3.0
    expect(rate(3, 3, 3, 3)).toBe(3);
  });

  it("agrees with exact integer arithmetic for every combination of 1..5", () => {
    for (let a = 1; a <= 5; a++)
      for (let b = 1; b <= 5; b++)
        for (let c = 1; c <= 5; c++)
          for (let d = 1; d <= 5; d++) {
            const hundredths = 25 * a + 25 * b + 20 * c + 30 * d;
            const expected = Math.floor((hundredths + 5) / 10) / 10;
            expect(rate(a, b, c, d)).toBe(expected);
          }
  });

  it("rounds representation noise the right way", () => {
    expect(roundToOneDecimal(2.3499999999999996)).toBe(2.4);
    expect(roundToOneDecimal(3.35)).toBe(3.4);
    expect(roundToOneDecimal(3.34)).toBe(3.3);
    expect(roundToOneDecimal(0)).toBe(0);
    // Averaged criteria work too: 1.05 + 1 + 0.8 + 1.2 = 4.05 -> 4.1
    expect(rate(4.2, 4, 4, 4)).toBe(4.1);
  });
});

describe("machine catalogue", () => {
  it("holds every Onefinity row of the research with its figures", () => {
    const onefinity = CATALOGUE_VARIANTS.filter((variant) => variant.brandName === "Onefinity");
    expect(onefinity).toHaveLength(17);
    const foremanPro = findCatalogueVariant({
      brand: "Onefinity",
      model: "Foreman",
      variant: "PRO series (Gen 1) 'Foreman Pro', Z-16 slider",
    });
    expect(foremanPro).toMatchObject({
      workAreaXmm: 1220,
      workAreaYmm: 1225,
      travelZmm: 133,
      confirmed: true,
    });
    expect(CNC_BRANDS.map((brand) => brand.name)).toEqual(["Onefinity", "Others"]);
    expect(CNC_BRANDS[0].link).toBe("https://www.onefinitycnc.com");
  });

  it("has unique brand/model/variant triples and https links", () => {
    const keys = CATALOGUE_VARIANTS.map((variant) => machineRefKey(catalogueVariantRef(variant)));
    expect(new Set(keys).size).toBe(keys.length);
    for (const variant of CATALOGUE_VARIANTS) {
      expect(variant.variantLink).toMatch(/^https:\/\//);
      expect(variant.modelLink).toMatch(/^https:\/\//);
      expect(variant.workAreaXmm).toBeGreaterThan(0);
      expect(variant.workAreaYmm).toBeGreaterThan(0);
    }
  });

  // The research describes the Apprentice's one variant ("current entry model"); the catalogue
  // names it by its size, as the research names the model ("Apprentice (16.5 × 16.5")").
  const RENAMED_FROM_RESEARCH: Record<string, string> = { "Apprentice current entry model": '16.5 × 16.5"' };

  it("names every variant so that model and variant read as a machine's name", () => {
    const apprentice = CATALOGUE_VARIANTS.filter((variant) => variant.modelName === "Apprentice");
    expect(apprentice.map((variant) => `${variant.modelName} ${variant.name}`)).toEqual([
      'Apprentice 16.5 × 16.5"',
    ]);
    for (const variant of CATALOGUE_VARIANTS)
      expect(variant.name).not.toMatch(/\bcurrent\b|\bentry model\b/i);
  });

  const researchJson = fileURLToPath(new URL("../../../shared/data/cnc-catalogue.json", import.meta.url));
  it.skipIf(!existsSync(researchJson))("matches the research JSON row for row", () => {
    const rows = JSON.parse(readFileSync(researchJson, "utf8")) as {
      brand: string;
      model: string;
      variant: string;
      workAreaX_mm: number;
      workAreaY_mm: number;
      travelZ_mm: number | null;
      confirmed: boolean;
    }[];
    expect(CATALOGUE_VARIANTS).toHaveLength(rows.length);
    for (const row of rows) {
      const name = RENAMED_FROM_RESEARCH[`${row.model} ${row.variant}`] ?? row.variant;
      const variant = CATALOGUE_VARIANTS.find(
        (candidate) =>
          candidate.manufacturer === row.brand &&
          candidate.modelName === row.model &&
          candidate.name === name,
      );
      expect(variant, `${row.brand} ${row.model} ${row.variant}`).toMatchObject({
        workAreaXmm: row.workAreaX_mm,
        workAreaYmm: row.workAreaY_mm,
        travelZmm: row.travelZ_mm,
        confirmed: row.confirmed,
        brandName: row.brand === "Onefinity" ? "Onefinity" : "Others",
      });
    }
  });
});

describe("seed people", () => {
  it("have usernames valid under the spec's rules, unique usernames and e-mails", () => {
    for (const user of SEED_USERS) expect(usernameProblem(user.username), user.username).toBeNull();
    expect(new Set(SEED_USERS.map((user) => user.username.toLowerCase())).size).toBe(SEED_USERS.length);
    expect(new Set(SEED_USERS.map((user) => user.email.toLowerCase())).size).toBe(SEED_USERS.length);
    expect(usernameProblem("a__b_c")).toBe("consecutive underscores");
    expect(usernameProblem("1abc")).toBe("must start with a letter");
  });

  it("include the official account, a staff member, twelve active makers and the two edge cases", () => {
    const official = SEED_USERS.filter((user) => user.isOnefinityOfficial);
    expect(official.map((user) => user.username)).toEqual(["onefinity"]);
    expect(official[0]?.email).toMatch(/@onefinitycnc\.com$/);
    const staff = SEED_USERS.filter((user) => user.role === "staff");
    expect(staff).toHaveLength(1);
    expect(staff[0]?.isVerified).toBe(true);
    expect(staff[0]?.email).toMatch(/@onefinitycnc\.com$/);
    const makers = SEED_USERS.filter((user) => user.role === "maker");
    for (const maker of makers) expect(maker.email).toMatch(/@example\.com$/);
    expect(makers.filter(isActiveSeedUser)).toHaveLength(12);
    expect(SEED_USERS.filter((user) => !user.isVerified && user.isUserSignupComplete)).toHaveLength(1);
    const google = SEED_USERS.filter((user) => user.authProvider === "google");
    expect(google).toHaveLength(1);
    expect(google[0]?.isUserSignupComplete).toBe(false);
    expect(google[0]?.ownedMachines).toHaveLength(0);
    expect(DEMO_PASSWORD).toBe("cncdemo123");
    expect(new Set(SEED_USERS.map((user) => JSON.stringify(user.privacy))).size).toBeGreaterThan(2);
  });

  it("own catalogue machines, and partners point at makers", () => {
    for (const user of SEED_USERS) {
      for (const machine of user.ownedMachines)
        expect(findCatalogueVariant(machine), machineRefKey(machine)).toBeDefined();
    }
    expect(SEED_PARTNERS).toHaveLength(3);
    for (const partner of SEED_PARTNERS) {
      expect(partner.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(usersByName.get(partner.user)?.role).toBe("maker");
    }
  });
});

/** Extent of what the recipe cuts, in recipe units: [along X, along Y]. */
function recipeExtent(recipe: DesignRecipe): [number, number] {
  switch (recipe.kind) {
    case "pocket":
    case "profile":
    case "laser-engrave":
      return [recipe.width, recipe.height];
    case "vcarve-text":
      // A generous estimate of a block font: 0.7 em per character.
      return [recipe.text.length * recipe.letterHeight * 0.7, recipe.letterHeight];
  }
}

function recipeDepth(recipe: DesignRecipe): number {
  return recipe.kind === "laser-engrave" ? 0 : recipe.depth;
}

function jobFootprintMm(project: SeedProject): [number, number] | null {
  if (project.jobSize.kind !== "flat") return null;
  return [
    toMillimetres(project.jobSize.width, project.units),
    toMillimetres(project.jobSize.height, project.units),
  ];
}

describe("seed projects", () => {
  it("have the required mix", () => {
    expect(publicProjects.length).toBeGreaterThanOrEqual(45);
    expect(SEED_PROJECTS.filter((item) => item.visibility === "draft")).toHaveLength(3);
    expect(SEED_PROJECTS.filter((item) => item.visibility === "private")).toHaveLength(3);
    expect(publicProjects.filter((item) => item.laserOrEndmill === "Laser").length).toBeGreaterThanOrEqual(6);
    expect(publicProjects.filter((item) => item.units === "Inches").length).toBeGreaterThanOrEqual(10);
    expect(publicProjects.filter((item) => item.units === "MM").length).toBeGreaterThanOrEqual(10);
    expect(publicProjects.filter((item) => item.machine === "Others").length).toBeGreaterThan(0);
    for (const jobType of JOB_TYPES)
      expect(
        publicProjects.some((item) => item.jobType === jobType),
        jobType,
      ).toBe(true);
    expect(publicProjects.some((item) => item.isPartnerProject)).toBe(true);
    const slugs = SEED_PROJECTS.map((item) => item.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("spread over time so every Posted At filter has hits", () => {
    const days = publicProjects.map((item) => item.daysAgo);
    expect(days.filter((day) => day === 0).length).toBeGreaterThanOrEqual(2);
    expect(days.filter((day) => day > 0 && day <= 7).length).toBeGreaterThanOrEqual(3);
    expect(days.filter((day) => day > 7 && day <= 30).length).toBeGreaterThanOrEqual(3);
    expect(days.filter((day) => day > 30 && day <= 365).length).toBeGreaterThanOrEqual(10);
    expect(days.some((day) => day > 365)).toBe(true);
    expect(Math.max(...days)).toBeLessThanOrEqual(400);
  });

  it.each(SEED_PROJECTS.map((item) => [item.slug, item] as const))("%s uses known values", (_slug, item) => {
    const owner = usersByName.get(item.owner);
    expect(owner && isActiveSeedUser(owner)).toBe(true);
    expect(item.title.length).toBeGreaterThanOrEqual(3);
    expect(item.description.length).toBeGreaterThanOrEqual(3);
    expect(includes(SEED_CATEGORIES, item.category)).toBe(true);
    expect(item.tags.length).toBeGreaterThanOrEqual(2);
    expect(item.tags.length).toBeLessThanOrEqual(5);
    expect(new Set(item.tags).size).toBe(item.tags.length);
    for (const tag of item.tags) expect(includes(SEED_TAGS, tag), tag).toBe(true);
    expect(includes(MACHINES, item.machine)).toBe(true);
    expect(includes(SOFTWARE, item.software)).toBe(true);
    expect(includes(MATERIAL_VALUES, item.material)).toBe(true);
    expect(includes(JOB_TYPES, item.jobType)).toBe(true);
    expect(includes(UNITS, item.units)).toBe(true);
    expect(includes(Z_ZERO_POSITIONS, item.zZeroPosition)).toBe(true);
    expect(includes(XY_DATUM_POSITIONS, item.xyDatumPosition)).toBe(true);
    expect(includes(TOOL_SETTER, item.toolSetter)).toBe(true);
    expect(includes(PROBE_FOR_Z, item.probeForZHeightCommand)).toBe(true);
    expect(includes(LICENCE_VALUES, item.licenceType)).toBe(true);
    expect(item.spindleSpeed).toBeGreaterThanOrEqual(SPINDLE_SPEED.min);
    expect(item.spindleSpeed).toBeLessThanOrEqual(SPINDLE_SPEED.max);
    for (const id of item.youtubeIds) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    if (item.isPartnerProject)
      expect(SEED_PARTNERS.some((partner) => partner.user === item.owner)).toBe(true);
  });

  it.each(SEED_PROJECTS.map((item) => [item.slug, item] as const))(
    "%s machines are real and fit",
    (_slug, item) => {
      const original = findCatalogueVariant(item.originalMachine);
      expect(original).toBeDefined();
      expect(original?.machine).toBe(item.machine);
      const owner = usersByName.get(item.owner);
      expect(owner?.ownedMachines.map(machineRefKey)).toContain(machineRefKey(item.originalMachine));
      expect(item.supportedMachines.map(machineRefKey)).toContain(machineRefKey(item.originalMachine));
      const footprint = jobFootprintMm(item);
      for (const ref of item.supportedMachines) {
        const variant = findCatalogueVariant(ref);
        expect(variant, machineRefKey(ref)).toBeDefined();
        if (variant && footprint && item.jobType !== "Tile") {
          expect(variantFitsJob(variant, footprint[0], footprint[1]), machineRefKey(ref)).toBe(true);
        }
      }
      if (original && footprint && item.jobType === "Tile") {
        // Tiling exists for jobs larger than the machine.
        expect(variantFitsJob(original, footprint[0], footprint[1])).toBe(false);
      }
    },
  );

  it.each(SEED_PROJECTS.map((item) => [item.slug, item] as const))(
    "%s job matches its recipe",
    (_slug, item) => {
      const { recipe, jobSize } = item;
      expect(jobSize.kind).toBe(item.jobType === "Rotary" ? "rotary" : "flat");
      expect(recipe.units).toBe(item.units === "Inches" ? "inch" : "mm");
      const [alongX, alongY] = recipeExtent(recipe);
      if (jobSize.kind === "flat") {
        expect(alongX).toBeLessThanOrEqual(jobSize.width);
        expect(alongY).toBeLessThanOrEqual(jobSize.height);
        expect(recipeDepth(recipe)).toBeLessThanOrEqual(jobSize.thickness);
      } else {
        // Rotary: X runs along the blank, Y wraps around it.
        expect(alongX).toBeLessThanOrEqual(jobSize.length);
        expect(alongY).toBeLessThanOrEqual(Math.PI * jobSize.diameter);
        expect(recipeDepth(recipe)).toBeLessThan(jobSize.diameter / 2);
      }
      if (recipe.kind === "pocket" || recipe.kind === "profile") {
        expect(recipe.toolDiameter).toBeLessThan(Math.min(recipe.width, recipe.height));
        expect(recipe.depth).toBeGreaterThan(0);
      }
      if (recipe.kind === "pocket") {
        expect(recipe.stepoverRatio).toBeGreaterThan(0);
        expect(recipe.stepoverRatio).toBeLessThanOrEqual(0.6);
        if (recipe.shape === "circle") expect(recipe.width).toBe(recipe.height);
      }
      if (recipe.kind === "laser-engrave") {
        expect(recipe.power).toBeGreaterThan(0);
        expect(recipe.power).toBeLessThanOrEqual(100);
      }
    },
  );

  it.each(SEED_PROJECTS.map((item) => [item.slug, item] as const))(
    "%s tools match its recipe",
    (_slug, item) => {
      const { recipe } = item;
      expect(item.toolData.length).toBeGreaterThan(0);
      expect(item.laserOrEndmill).toBe(recipe.kind === "laser-engrave" ? "Laser" : "Endmill");
      for (const tool of item.toolData) {
        expect(tool.family).toBe(item.laserOrEndmill);
        if (tool.family === "Endmill") {
          expect(includes(TOOL_TYPES, tool.type)).toBe(true);
          expect(tool.unit).toBe(item.units === "Inches" ? "inches" : "mm");
          expect(tool.size).toBeGreaterThanOrEqual(TOOL_SIZE_RANGE[tool.unit].min);
          expect(tool.size).toBeLessThanOrEqual(TOOL_SIZE_RANGE[tool.unit].max);
        }
      }
      const first = item.toolData[0];
      if (recipe.kind === "pocket" || recipe.kind === "profile")
        expect(first?.size).toBe(recipe.toolDiameter);
      if (recipe.kind === "vcarve-text") expect(first?.type).toBe("V Bit");
    },
  );
});

describe("seed interactions", () => {
  const plan = planInteractions(SEED_PROJECTS, SEED_USERS);
  const projectsBySlug = new Map(SEED_PROJECTS.map((item) => [item.slug, item]));

  it("have enough texts, some of them formatted", () => {
    expect(SEED_COMMENTS.length).toBeGreaterThanOrEqual(30);
    expect(SEED_MAKE_CAPTIONS.length).toBeGreaterThanOrEqual(15);
    const formatted = (attribute: "bold" | "italic") =>
      SEED_COMMENTS.filter((comment) => comment.ops.some((op) => op.attributes?.[attribute])).length;
    expect(formatted("bold")).toBeGreaterThan(2);
    expect(formatted("italic")).toBeGreaterThan(2);
    for (const comment of [...SEED_COMMENTS, ...OWNER_REPLIES]) {
      const lastOp = comment.ops[comment.ops.length - 1];
      expect(lastOp?.insert.endsWith("\n")).toBe(true);
      expect(
        comment.ops
          .map((op) => op.insert)
          .join("")
          .trim().length,
      ).toBeGreaterThan(0);
    }
  });

  it("are deterministic for a seed and differ between seeds", () => {
    expect(planInteractions(SEED_PROJECTS, SEED_USERS)).toEqual(plan);
    expect(planInteractions(SEED_PROJECTS, SEED_USERS, 7)).toEqual(
      planInteractions(SEED_PROJECTS, SEED_USERS, 7),
    );
    expect(planInteractions(SEED_PROJECTS, SEED_USERS, 7)).not.toEqual(plan);
    const rngA = createRng(42);
    const rngB = createRng(42);
    expect(Array.from({ length: 5 }, () => rngA.next())).toEqual(
      Array.from({ length: 5 }, () => rngB.next()),
    );
  });

  it("touch only public projects, by active users, after the project was posted", () => {
    const all = [...plan.likes, ...plan.bookmarks, ...plan.comments, ...plan.makes];
    expect(plan.likes.length).toBeGreaterThan(50);
    expect(plan.comments.length).toBeGreaterThan(50);
    expect(plan.makes.length).toBeGreaterThan(20);
    for (const entry of all) {
      const item = projectsBySlug.get(entry.projectSlug);
      expect(item?.visibility).toBe("public");
      const user = usersByName.get(entry.username);
      expect(user && isActiveSeedUser(user)).toBe(true);
      expect(entry.hoursAgo).toBeGreaterThanOrEqual(0);
      expect(entry.hoursAgo).toBeLessThanOrEqual((item?.daysAgo ?? 0) * 24);
    }
    for (const list of [plan.likes, plan.bookmarks, plan.makes]) {
      const pairs = list.map((entry) => `${entry.username}|${entry.projectSlug}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      for (const entry of list) expect(entry.username).not.toBe(projectsBySlug.get(entry.projectSlug)?.owner);
    }
  });

  it("store comments as Quill delta JSON", () => {
    for (const entry of plan.comments) {
      const parsed = JSON.parse(entry.comment) as CommentDelta;
      expect(Array.isArray(parsed.ops)).toBe(true);
      expect(parsed.ops[parsed.ops.length - 1]?.insert.endsWith("\n")).toBe(true);
    }
    const commented = new Set(plan.comments.map((entry) => entry.projectSlug));
    expect(commented.size).toBeLessThan(publicProjects.length);
  });

  it("give makes only to machine owners, rated exactly when cut", () => {
    for (const make of plan.makes) {
      const user = usersByName.get(make.username);
      expect(user?.ownedMachines.map(machineRefKey)).toContain(machineRefKey(make.printedOn));
      expect(make.imageCount).toBeGreaterThanOrEqual(1);
      if (make.isPrinted) {
        expect(make.ratings).not.toBeNull();
        for (const criterion of RATING_CRITERIA) {
          const value = make.ratings?.[criterion.key];
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(1);
          expect(value).toBeLessThanOrEqual(5);
        }
      } else {
        expect(make.ratings).toBeNull();
      }
    }
    expect(plan.makes.some((make) => !make.isPrinted)).toBe(true);
    // The Rating filter (1+ … 5 Stars) needs projects across the range, including a perfect 5.
    const totals = new Map<string, number[]>();
    for (const make of plan.makes) {
      if (make.ratings)
        totals.set(make.projectSlug, [
          ...(totals.get(make.projectSlug) ?? []),
          weightedTotalRating(make.ratings),
        ]);
    }
    const averages = [...totals.values()].map(
      (list) => list.reduce((sum, value) => sum + value, 0) / list.length,
    );
    expect(averages.some((average) => average === 5)).toBe(true);
    expect(averages.some((average) => average < 3)).toBe(true);
    const made = new Set(plan.makes.map((make) => make.projectSlug));
    expect(made.size).toBeLessThan(publicProjects.length);
  });
});
