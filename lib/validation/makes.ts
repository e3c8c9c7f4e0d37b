import { z } from "zod";
import { MATERIAL_VALUES, RATING_CRITERIA, RATING_MAX, RATING_MIN } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema } from "./common";

/** The spec's make form messages (discovery spec §5). */
export const MAKE_MESSAGES = {
  imagesRequired: "At least one image is required",
  machineRequired: "Please select a machine",
  cutRequired: "Please select whether you cut this project",
  ratingsRequired: "Ratings are required when you cut the project",
  ratingsIncomplete: "All rating criteria must be filled when you cut the project",
  imageTooLarge: "File size should be less than 5MB.",
  imageType: "Only .jpg, .jpeg, .png and .webp formats are supported.",
  imageInvalid: "Invalid image URL or unsupported image type.",
  material: "Choose a material from the list",
  bitTool: "Choose a bit from this project's tools",
  bitTextTooLong: `Describe the bit in at most 100 characters`,
} as const;

export const MAX_BIT_TEXT_LENGTH = 100;

/** Material and bit of a make: optional; the bit is one of the project's tools or the maker's words. */
const makeMaterialSchema = z.enum(MATERIAL_VALUES, { message: MAKE_MESSAGES.material }).nullish();
const makeBitTextSchema = z.string().trim().max(MAX_BIT_TEXT_LENGTH, MAKE_MESSAGES.bitTextTooLong).nullish();

export const MAKE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MAKE_IMAGE_EXTENSIONS = ["jpeg", "jpg", "png", "webp"] as const;
export const MAKE_IMAGE_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const MAX_MAKE_IMAGES = 10;
export const MAX_CAPTION_LENGTH = 1000;

const ratingMessage = Object.fromEntries(
  RATING_CRITERIA.map((criterion) => [criterion.key, criterion.requiredMessage]),
) as Record<(typeof RATING_CRITERIA)[number]["key"], string>;

const ratingValue = (message: string) =>
  z.number({ message }).int(message).min(RATING_MIN, message).max(RATING_MAX, message);

/** Every criterion optional so that a missing one gets its own message from the refinement below. */
const partialRatingsSchema = z.object({
  cutExpectation: ratingValue(ratingMessage.cutExpectation).optional(),
  cutQuality: ratingValue(ratingMessage.cutQuality).optional(),
  correctFileInfo: ratingValue(ratingMessage.correctFileInfo).optional(),
  coolFactor: ratingValue(ratingMessage.coolFactor).optional(),
});

export type MakeRatings = { [K in keyof z.infer<typeof partialRatingsSchema>]-?: number };

/** The rules shared by the form and the server: ratings exactly when the project was cut. */
function refineRatings(
  value: { isPrinted?: boolean | null; ratings?: z.infer<typeof partialRatingsSchema> | null },
  context: z.RefinementCtx,
): void {
  if (value.isPrinted !== true) return;
  if (!value.ratings) {
    context.addIssue({ code: "custom", path: ["ratings"], message: MAKE_MESSAGES.ratingsRequired });
    return;
  }
  const missing = RATING_CRITERIA.filter((criterion) => value.ratings?.[criterion.key] === undefined);
  if (missing.length === 0) return;
  context.addIssue({ code: "custom", path: ["ratings"], message: MAKE_MESSAGES.ratingsIncomplete });
  for (const criterion of missing) {
    context.addIssue({
      code: "custom",
      path: ["ratings", criterion.key],
      message: criterion.requiredMessage,
    });
  }
}

export const createMakeBodySchema = z
  .object({
    postId: idSchema,
    printedOn: z.string({ message: MAKE_MESSAGES.machineRequired }).uuid(MAKE_MESSAGES.machineRequired),
    isPrinted: z.boolean({ message: MAKE_MESSAGES.cutRequired }),
    ratings: partialRatingsSchema.nullish(),
    caption: z
      .string()
      .trim()
      .max(MAX_CAPTION_LENGTH, `Caption must be at most ${MAX_CAPTION_LENGTH} characters`)
      .nullish(),
    material: makeMaterialSchema,
    /** A row of the project's tool table (an endmill); wins over bitText. */
    bitToolId: z.string().uuid(MAKE_MESSAGES.bitTool).nullish(),
    bitText: makeBitTextSchema,
  })
  .superRefine(refineRatings);

export type CreateMakeBody = z.input<typeof createMakeBodySchema>;

/** Image checks the form applies before upload; the server repeats them on the stored bytes. */
export function makeImageProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!(MAKE_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return MAKE_MESSAGES.imageType;
  if (file.size > MAKE_IMAGE_MAX_BYTES) return MAKE_MESSAGES.imageTooLarge;
  return null;
}

/** The upload dialog's form (react-hook-form): images are browser Files, the cut choice yes/no. */
export const makeFormSchema = z
  .object({
    images: z
      .array(z.custom<File>((value) => typeof File !== "undefined" && value instanceof File))
      .min(1, MAKE_MESSAGES.imagesRequired)
      .max(MAX_MAKE_IMAGES, `At most ${MAX_MAKE_IMAGES} images`)
      .superRefine((files, context) => {
        for (const file of files) {
          const problem = makeImageProblem(file);
          if (problem) {
            context.addIssue({ code: "custom", message: problem });
            return;
          }
        }
      }),
    printedOn: z.string({ message: MAKE_MESSAGES.machineRequired }).min(1, MAKE_MESSAGES.machineRequired),
    isPrinted: z
      .boolean({ message: MAKE_MESSAGES.cutRequired })
      .nullable()
      .refine((value) => value !== null, {
        message: MAKE_MESSAGES.cutRequired,
      }),
    ratings: partialRatingsSchema.nullish(),
    caption: z.string().max(MAX_CAPTION_LENGTH, `Caption must be at most ${MAX_CAPTION_LENGTH} characters`),
    /** "" for not said. */
    material: z.union([z.literal(""), z.enum(MATERIAL_VALUES, { message: MAKE_MESSAGES.material })]),
    /** "" for not said, a tool id, or OTHER_BIT for the maker's own words in bitText. */
    bit: z.string(),
    bitText: z.string().max(MAX_BIT_TEXT_LENGTH, MAKE_MESSAGES.bitTextTooLong),
  })
  .superRefine(refineRatings);

/** The bit select's value for "another bit" (described in words). */
export const OTHER_BIT = "other";

export type MakeFormValues = z.input<typeof makeFormSchema>;

export const makeImageSchema = z.object({ _id: z.string(), url: z.string(), fileName: z.string() });

export const makeSchema = z.object({
  _id: z.string(),
  post: z.string(),
  user: z.object({
    _id: z.string(),
    username: z.string(),
    profilePicture: z.string().nullable(),
  }),
  printedOn: z
    .object({ _id: z.string(), name: z.string(), modelName: z.string(), brandName: z.string() })
    .nullable(),
  isPrinted: z.boolean(),
  ratings: z
    .object({
      cutExpectation: z.number(),
      cutQuality: z.number(),
      correctFileInfo: z.number(),
      coolFactor: z.number(),
    })
    .nullable(),
  /** Weighted total (0.25 / 0.25 / 0.2 / 0.3), one decimal; null without ratings. */
  totalRating: z.number().nullable(),
  caption: z.string().nullable(),
  material: z.string().nullable(),
  /**
   * The bit cut with: its description, and for a bit of the project's tool table what it cut with
   * (copied when the make was recorded; chipload = feed / (rpm x flutes), mm per tooth).
   */
  bit: z
    .object({
      toolId: z.string().nullable(),
      label: z.string(),
      diameterMm: z.number().nullable(),
      flutes: z.number().nullable(),
      feedMmPerMin: z.number().nullable(),
      rpm: z.number().nullable(),
      chiploadMm: z.number().nullable(),
    })
    .nullable(),
  attachments: z.array(makeImageSchema),
  createdAt: z.string(),
});

export type Make = z.infer<typeof makeSchema>;

export const createMakeEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/projectMake/create",
  summary:
    "Report a make of a project on one of the caller's machines; images follow through getPreSignedUploadUrl with parentType projectMake",
  tag: "Makes",
  auth: "required",
  body: createMakeBodySchema,
  response: z.object({ make: makeSchema }),
  successStatus: 201,
});

export const getMakesEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/projectMake/post/{postId}",
  summary: "Makes of a post, newest first",
  tag: "Makes",
  auth: "optional",
  sharedCache: true,
  params: z.object({ postId: idSchema }),
  response: z.object({ makes: z.array(makeSchema) }),
});

export const deleteMakeEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/projectMake/{makeId}",
  summary: "Delete a make (its author only) with its images",
  tag: "Makes",
  auth: "required",
  params: z.object({ makeId: idSchema }),
  response: z.object({ _id: z.string() }),
});
