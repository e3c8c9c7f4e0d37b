/**
 * The spec's enumerations (discovery-and-viewing.md §3 "Enumerations", §4, §9), in the spec's order
 * and spelling. Shared by the database schema, validation, UI and seed data, so this module is
 * framework-free: no imports, no I/O.
 *
 * The wizard's edit-load rule ("missing values default to the first enumeration value") depends on
 * the order of these arrays: do not sort them.
 */

// ---------------------------------------------------------------------------------------------
// Licences
// ---------------------------------------------------------------------------------------------

export const LICENCE_TYPES = [
  {
    value: "cc0",
    label: "Creative Commons Public Domain (CC0)",
    description:
      "The creator waives all copyright, so anyone may copy, modify, distribute and use the work, even commercially, without asking permission or giving credit.",
    link: "https://creativecommons.org/publicdomain/zero/1.0/",
    logo: "/licences/cc0.svg",
  },
  {
    value: "by",
    label: "Attribution",
    description:
      "Others may copy, remix, adapt and build upon the work, even commercially, as long as they credit the creator.",
    link: "https://creativecommons.org/licenses/by/4.0/",
    logo: "/licences/by.svg",
  },
  {
    value: "by-sa",
    label: "Attribution - Share Alike",
    description:
      "Others may remix, adapt and build upon the work, even commercially, as long as they credit the creator and license their new creations under identical terms.",
    link: "https://creativecommons.org/licenses/by-sa/4.0/",
    logo: "/licences/by-sa.svg",
  },
  {
    value: "by-nd",
    label: "Attribution - No Derivatives",
    description:
      "Others may copy and share the work, even commercially, but only unchanged and in whole, and with credit to the creator.",
    link: "https://creativecommons.org/licenses/by-nd/4.0/",
    logo: "/licences/by-nd.svg",
  },
  {
    value: "by-nc",
    label: "Attribution - Noncommercial",
    description:
      "Others may remix, adapt and build upon the work for noncommercial purposes only, and must credit the creator.",
    link: "https://creativecommons.org/licenses/by-nc/4.0/",
    logo: "/licences/by-nc.svg",
  },
  {
    value: "by-nc-sa",
    label: "Attribution - Noncommercial - Share Alike",
    description:
      "Others may remix, adapt and build upon the work for noncommercial purposes only, as long as they credit the creator and license their new creations under identical terms.",
    link: "https://creativecommons.org/licenses/by-nc-sa/4.0/",
    logo: "/licences/by-nc-sa.svg",
  },
  {
    value: "by-nc-nd",
    label: "Attribution - Noncommercial - No Derivatives",
    description:
      "Others may download and share the work with credit to the creator, but may not change it in any way or use it commercially.",
    link: "https://creativecommons.org/licenses/by-nc-nd/4.0/",
    logo: "/licences/by-nc-nd.svg",
  },
] as const;

export type LicenceType = (typeof LICENCE_TYPES)[number];
export type LicenceValue = LicenceType["value"];
/** The licence slugs as a tuple (for z.enum and database enums); same order as LICENCE_TYPES. */
export const LICENCE_VALUES = [
  "cc0",
  "by",
  "by-sa",
  "by-nd",
  "by-nc",
  "by-nc-sa",
  "by-nc-nd",
] as const satisfies readonly LicenceValue[];

export function findLicence(value: string): LicenceType | undefined {
  return LICENCE_TYPES.find((licence) => licence.value === value);
}

// ---------------------------------------------------------------------------------------------
// Machine, software, material
// ---------------------------------------------------------------------------------------------

/** Post.builtWith: the machine family a project was made for. */
export const MACHINES = ["Onefinity CNC", "Others"] as const;
export type Machine = (typeof MACHINES)[number];

export const SOFTWARE = [
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
] as const;
export type Software = (typeof SOFTWARE)[number];

/**
 * Our reading of the spec line "Wood (soft), Wood (hard), metals (Aluminum, Brass, Copper), MDF group
 * (Plastic, Acrylic, Foam), EVA group (Leather, Glass)": the material select is grouped, and every
 * name in the line is a selectable value except the word "metals", which only heads its group.
 * "MDF group" and "EVA group" are named after their first member, so MDF and EVA are values too
 * (MDF is among the most common CNC stock; leaving it out would be the stranger reading).
 * Twelve values in four groups, in the spec's order:
 *   wood:   Wood (soft), Wood (hard)
 *   metals: Aluminum, Brass, Copper
 *   mdf:    MDF, Plastic, Acrylic, Foam
 *   eva:    EVA, Leather, Glass
 */
export const MATERIAL_GROUPS = [
  { value: "wood", label: "Wood" },
  { value: "metals", label: "Metals" },
  { value: "mdf", label: "MDF group" },
  { value: "eva", label: "EVA group" },
] as const;
export type MaterialGroup = (typeof MATERIAL_GROUPS)[number]["value"];

export const MATERIALS = [
  { value: "Wood (soft)", group: "wood" },
  { value: "Wood (hard)", group: "wood" },
  { value: "Aluminum", group: "metals" },
  { value: "Brass", group: "metals" },
  { value: "Copper", group: "metals" },
  { value: "MDF", group: "mdf" },
  { value: "Plastic", group: "mdf" },
  { value: "Acrylic", group: "mdf" },
  { value: "Foam", group: "mdf" },
  { value: "EVA", group: "eva" },
  { value: "Leather", group: "eva" },
  { value: "Glass", group: "eva" },
] as const satisfies readonly { value: string; group: MaterialGroup }[];
export type Material = (typeof MATERIALS)[number]["value"];
/** The material values as a tuple (for z.enum and database enums); same order as MATERIALS. */
export const MATERIAL_VALUES = [
  "Wood (soft)",
  "Wood (hard)",
  "Aluminum",
  "Brass",
  "Copper",
  "MDF",
  "Plastic",
  "Acrylic",
  "Foam",
  "EVA",
  "Leather",
  "Glass",
] as const satisfies readonly Material[];

// ---------------------------------------------------------------------------------------------
// Job setup
// ---------------------------------------------------------------------------------------------

export const JOB_TYPES = ["Single Sided", "Double Sided", "Rotary", "Tile"] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Rotary jobs are sized by diameter and length; every other job type by width, height, thickness. */
export function isRotaryJobType(jobType: JobType): jobType is "Rotary" {
  return jobType === "Rotary";
}

export const UNITS = ["Inches", "MM"] as const;
export type Unit = (typeof UNITS)[number];

export const Z_ZERO_POSITIONS = ["Material Surface", "Machine Bed"] as const;
export type ZZeroPosition = (typeof Z_ZERO_POSITIONS)[number];

export const XY_DATUM_POSITIONS = [
  "Lower Left",
  "Center",
  "Upper Left",
  "Lower Right",
  "Upper Right",
] as const;
export type XyDatumPosition = (typeof XY_DATUM_POSITIONS)[number];

export const TOOL_SETTER = ["Enabled", "Disable"] as const;
export type ToolSetter = (typeof TOOL_SETTER)[number];

export const PROBE_FOR_Z = ["No", "Yes"] as const;
export type ProbeForZ = (typeof PROBE_FOR_Z)[number];

export const SPINDLE_SPEED = { min: 6000, max: 24000, default: 18000 } as const;

/** Job size defaults (spec §4 / §9): on edit load, and after a job type change in the wizard. */
export const JOB_SIZE_DEFAULTS = {
  editLoadFlat: 0.25,
  editLoadRotary: 0.1,
  afterJobTypeChange: 0.1,
  step: 0.25,
} as const;

// ---------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------

/** ToolData.laserOrEndmill and Post.laserOrEndmill. */
export const TOOL_FAMILIES = ["Endmill", "Laser"] as const;
export type ToolFamily = (typeof TOOL_FAMILIES)[number];

/** ToolData.toolType ("tool bit type" in the wizard). Only endmill entries carry one. */
export const TOOL_TYPES = [
  "Upcut Endmill",
  "Downcut Endmill",
  "V Bit",
  "Tapered Ball Nose",
  "Ball Nose",
  "Surfacing",
  "Bowl",
  "Drag Bit",
  "Ogee / Roundover",
  "Drill Mill",
  "Dovetail",
] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

/** ToolData.toolUnit: the accounts spec writes these in lower case ("inches or mm"). */
export const TOOL_UNITS = ["inches", "mm"] as const;
export type ToolUnit = (typeof TOOL_UNITS)[number];

/** Accepted tool sizes per unit (accounts spec §5 / §9). */
export const TOOL_SIZE_RANGE = {
  inches: { min: 0.01, max: 10 },
  mm: { min: 0.01, max: 1000 },
} as const satisfies Record<ToolUnit, { min: number; max: number }>;

/** ToolData.flutes: cutting edges of an endmill; a new tool has two. */
export const TOOL_FLUTES = { min: 1, max: 8, default: 2 } as const;

export function toolUnitForUnits(units: Unit): ToolUnit {
  return units === "Inches" ? "inches" : "mm";
}

// ---------------------------------------------------------------------------------------------
// Posts, attachments, categories, users
// ---------------------------------------------------------------------------------------------

export const POST_VISIBILITIES = ["draft", "private", "public", "unlisted"] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

export const POST_VISIBILITY_LABELS = {
  draft: "Draft",
  private: "Pending for Review",
  public: "Public",
  unlisted: "Unlisted",
} as const satisfies Record<PostVisibility, string>;

export const UNKNOWN_VISIBILITY_LABEL = "Unknown";

/** Badge text for any stored value; values outside the enumeration read 'Unknown' (spec §4). */
export function visibilityBadgeLabel(visibility: string | null | undefined): string {
  return isPostVisibility(visibility) ? POST_VISIBILITY_LABELS[visibility] : UNKNOWN_VISIBILITY_LABEL;
}

export function isPostVisibility(value: unknown): value is PostVisibility {
  return typeof value === "string" && (POST_VISIBILITIES as readonly string[]).includes(value);
}

export const ATTACHMENT_CATEGORIES = [
  "postMedia",
  "postModel",
  "postThumbnail",
  "postZip",
  "projectMakeImages",
] as const;
export type AttachmentCategory = (typeof ATTACHMENT_CATEGORIES)[number];

export const RESOURCE_TYPES = ["image", "youtube", "model", "thumbnail", "zip", "other"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Attachment.parentType: the spec's two "post types". */
export const ATTACHMENT_PARENT_TYPES = ["post", "projectMake"] as const;
export type AttachmentParentType = (typeof ATTACHMENT_PARENT_TYPES)[number];

/** Download log rows carry their own resource type with a badge colour (accounts spec §2 / §9). */
export const DOWNLOAD_LOG_RESOURCE_TYPES = ["model", "file", "image", "document"] as const;
export type DownloadLogResourceType = (typeof DOWNLOAD_LOG_RESOURCE_TYPES)[number];

/** Category.type and Tag.type: only "post" is used. */
export const CATEGORY_TYPES = ["post"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
export const TAG_TYPES = ["post"] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const AUTH_PROVIDERS = ["email", "google"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------------
// Ratings
// ---------------------------------------------------------------------------------------------

export const RATING_CRITERIA = [
  {
    key: "cutExpectation",
    label: "Cut Expectation",
    weight: 0.25,
    requiredMessage: "Please rate cut expectation",
  },
  { key: "cutQuality", label: "Cut Quality", weight: 0.25, requiredMessage: "Please rate cut quality" },
  {
    key: "correctFileInfo",
    label: "Correct File Information",
    weight: 0.2,
    requiredMessage: "Please rate correct file information",
  },
  { key: "coolFactor", label: "Cool Factor", weight: 0.3, requiredMessage: "Please rate cool factor" },
] as const;
export type RatingCriterion = (typeof RATING_CRITERIA)[number]["key"];
export type Ratings = Readonly<Record<RatingCriterion, number>>;

/** A criterion's weight as a whole percentage (25 for 0.25): the form both the code and SQL sum in. */
export function ratingWeightPercent(criterion: { weight: number }): number {
  return Math.round(criterion.weight * 100);
}

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The `ratings` filter's values (a whole number of stars and up); one index each (posts schema). */
export const RATINGS_FILTER_VALUES = [1, 2, 3, 4, 5] as const;

/**
 * Rounds half up to one decimal without binary floating-point surprises: 2.35 may arrive as
 * 2.3499999999999996 (0.25 * 1 + 0.25 * 2 + 0.2 * 2 + 0.3 * 4 in doubles), and a plain
 * Math.round(x * 10) / 10 would then give 2.3 instead of 2.4. Snapping x * 10 to six decimals first removes
 * representation noise, which is far below the 0.05 that decides the rounding.
 */
export function roundToOneDecimal(value: number): number {
  return Math.round(Number((value * 10).toFixed(6))) / 10;
}

/**
 * The weighted total of the four criteria (RATING_CRITERIA's weights), rounded half up to one decimal.
 * Accepts averaged (non-integer) criteria as well. Weights are applied as whole percentages so that
 * integer ratings give an exact sum (e.g. 4,3,5,2 → 335 hundredths → 3.4).
 */
export function weightedTotalRating(ratings: Ratings): number {
  let hundredths = 0;
  for (const criterion of RATING_CRITERIA) {
    hundredths += ratingWeightPercent(criterion) * ratings[criterion.key];
  }
  return roundToOneDecimal(hundredths / 100);
}

// ---------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------

/** public: on the owner's profile for everyone; private: seen by its owner only. */
export const COLLECTION_VISIBILITIES = ["public", "private"] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

/** What a notification tells its reader (docs/community.md, "Notifications"). */
export const NOTIFICATION_KINDS = [
  "followed-maker-published",
  "comment-on-your-project",
  "make-on-your-project",
  "remix-of-your-project",
  "project-approved",
  "project-rejected",
  "downloaded-project-updated",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
