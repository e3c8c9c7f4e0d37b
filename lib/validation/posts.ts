import { z } from "zod";
import { POST_VISIBILITIES, TOOL_FAMILIES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { feedCheckSchema } from "./feeds";
import { idSchema, paginationQuerySchema, paginationSchema } from "./common";
import { LISTING_SORTS, OFFICIAL_AUTHOR, POSTED_AT_VALUES } from "./listing-constants";

export const postAuthorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  isOnefinityOfficial: z.boolean(),
  /** The author's partner star colour when the author is a partner, else null. */
  partnerColor: z.string().nullable().optional(),
});

/** Averages of the four make criteria and of the weighted total over a post's rated makes. */
export const ratingsDistributionSchema = z.object({
  count: z.number().int(),
  cutExpectation: z.number(),
  cutQuality: z.number(),
  correctFileInfo: z.number(),
  coolFactor: z.number(),
  totalRating: z.number(),
});

export type RatingsDistribution = z.infer<typeof ratingsDistributionSchema>;

/** What a project card shows (discovery spec, "Project card"). */
export const postSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(POST_VISIBILITIES),
  createdAt: z.string(),
  /** When the post first became public; null for one never published. */
  publishedAt: z.string().nullable(),
  user: postAuthorSchema,
  category: z.object({ _id: z.string(), name: z.string() }).nullable(),
  partner: z.object({ name: z.string(), color: z.string(), user: z.string() }).nullable(),
  thumbnail: z.string().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  averageTotalRating: z.number(),
  downloadAverage: z.number(),
  hasLikedByUser: z.boolean().optional(),
  hasBookmarkedByUser: z.boolean().optional(),
  ratingsDistribution: ratingsDistributionSchema.optional(),
  /** The owner's own profile cards: why a reviewer sent this draft back (null when none). */
  reviewRejectionReason: z.string().nullable().optional(),
  /** The owner's own draft cards: the wizard step to resume at (the step after the last one saved). */
  draftStep: z.number().int().min(1).max(8).nullable().optional(),
});

export type PostSummary = z.infer<typeof postSummarySchema>;

/** The G-code engine's analysis of a model, as stored with its attachment (lib/db/schema/attachments.ts). */
export const gcodeAnalysisSchema = z.object({
  units: z.enum(["mm", "inch"]),
  lineCount: z.number(),
  segmentCount: z.number(),
  bounds: z.object({ min: z.array(z.number()), max: z.array(z.number()) }),
  cutBounds: z.object({ min: z.array(z.number()), max: z.array(z.number()) }),
  cutDistance: z.number(),
  rapidDistance: z.number(),
  estimatedSeconds: z.number(),
  tools: z.array(z.number()),
  spindleSpeeds: z.array(z.number()),
  isLaser: z.boolean(),
  unknownWords: z.number(),
  /** Laser jobs: S range of the powered moves (lib/gcode); absent on analyses stored before it. */
  powerRange: z.object({ min: z.number(), max: z.number() }).nullable().optional(),
  minCutZ: z.number().nullable().optional(),
  /** Tools named in the file's comments (lib/gcode/tool-comments.ts); absent on older analyses. */
  toolComments: z
    .array(
      z.object({
        tool: z.number().nullable(),
        diameter: z.number(),
        unit: z.enum(["inches", "mm"]),
        type: z.string().nullable(),
      }),
    )
    .optional(),
});

export const postAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  category: z.string(),
  resourceType: z.string(),
  /** A short-lived signed URL for stored files; the video URL for YouTube links. */
  url: z.string().nullable(),
  fileSize: z.number().nullable(),
  downloadCount: z.number().int(),
  gcodeAnalysis: gcodeAnalysisSchema.nullable(),
  /**
   * Models, for their owner and staff only: the pre-flight report, plain warnings
   * comparing the file with the job setup and tool table; null until computed.
   */
  preflight: z
    .looseObject({
      version: z.number().optional(),
      warnings: z.array(z.string()),
      /** The feeds check per endmill; absent on reports computed before it. */
      feeds: z.array(feedCheckSchema).optional(),
      checkedAt: z.string().optional(),
    })
    .nullable()
    .optional(),
});

export const postMachineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  modelName: z.string(),
  brandName: z.string(),
  link: z.string().nullable(),
  workArea: z.object({ xMm: z.number(), yMm: z.number(), zMm: z.number().nullable() }),
  /** Its controller's rapid rate (lib/catalogue/machines.ts); null: unknown, estimated at the assumed rate. */
  rapidMmPerMin: z.number().nullable(),
});

export const postToolDataSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  toolUsed: z.number().nullable(),
  toolUnit: z.string().nullable(),
  laserOrEndmill: z.string(),
  toolType: z.string().nullable(),
  flutes: z.number().int(),
  /** This bit's feeds check from its model's pre-flight report; null when the check does not apply. */
  feeds: feedCheckSchema.nullable(),
});

/** A project this one is based on (a remix link), as the project page names it. */
export const basedOnEntrySchema = z.object({
  _id: z.string(),
  title: z.string(),
  user: z.object({ _id: z.string(), username: z.string() }),
});
export type BasedOnEntry = z.infer<typeof basedOnEntrySchema>;

/** The project page's post: the card data plus everything the detail page shows. */
export const postDetailSchema = postSummarySchema.extend({
  attachments: z.array(postAttachmentSchema),
  /** The zip bundle behind 'Download All'; null when the post has none. */
  zipId: z.string().nullable(),
  tags: z.array(z.object({ _id: z.string(), name: z.string() })),
  toolData: z.array(postToolDataSchema),
  supportedMachines: z.array(postMachineSchema),
  /** The signed-in viewer's owned machines (for machine fit); empty for visitors. */
  viewerMachines: z.array(postMachineSchema),
  originalMachine: postMachineSchema.nullable(),
  hasLikedByUser: z.boolean(),
  hasBookmarkedByUser: z.boolean(),
  isOwner: z.boolean(),
  makes: z.number().int(),
  /** Rated makes per rounded weighted total, index 0 = 1 star ... 4 = 5 stars. */
  ratingSummary: z.object({ count: z.number().int(), distribution: z.array(z.number().int()) }),
  builtWith: z.string().nullable(),
  onefinityModel: z.string().nullable(),
  onefinityController: z.string().nullable(),
  onefinitySize: z.string().nullable(),
  softwareUsed: z.string().nullable(),
  materialUsed: z.string().nullable(),
  jobType: z.string().nullable(),
  units: z.string().nullable(),
  jobSize: z.object({
    height: z.number().nullable(),
    width: z.number().nullable(),
    thickness: z.number().nullable(),
    diameter: z.number().nullable(),
    length: z.number().nullable(),
  }),
  zZeroPosition: z.string().nullable(),
  xyDatumPosition: z.string().nullable(),
  laserOrEndmill: z.string().nullable(),
  toolSetter: z.string().nullable(),
  probeForZHeightCommand: z.string().nullable(),
  spindleSpeed: z.number().nullable(),
  licenceType: z.string().nullable(),
  /** The authoring wizard's step to reopen at (1..8). */
  currentPage: z.number().int(),
  /**
   * Why a reviewer sent the post back to draft, shown to its owner in the wizard until the next
   * submit; null otherwise, and always null for anyone but the owner and staff.
   */
  reviewRejectionReason: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * The projects this one is based on that the reader may see (public ones, and the reader's
   * own), oldest link first; a link to a project that stopped being public is kept but not shown.
   */
  basedOn: z.array(basedOnEntrySchema),
  /** Remixes the reader may see: the public ones, and the reader's own. */
  remixCount: z.number().int(),
});

export type PostAttachment = z.infer<typeof postAttachmentSchema>;
export type PostMachine = z.infer<typeof postMachineSchema>;
export type PostToolData = z.infer<typeof postToolDataSchema>;
export type PostDetail = z.infer<typeof postDetailSchema>;

export const getPostEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/{id}",
  summary:
    "One post with everything the project page shows; drafts and pending posts only for owner and staff",
  tag: "Posts",
  auth: "optional",
  sharedCache: true,
  params: z.object({ id: idSchema }),
  response: z.object({ post: postDetailSchema }),
});

export const previewPostEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/preview/postDetails/",
  summary: "Any post (drafts included) for the preview screen; requires the x-api-key header",
  tag: "Posts",
  auth: "none",
  query: z.object({ postId: idSchema }),
  response: z.object({ post: postDetailSchema }),
});

// ---------------------------------------------------------------------------------------------
// Listing, search, likes, bookmarks.
// ---------------------------------------------------------------------------------------------

export {
  AUTOCOMPLETE_MIN_LENGTH,
  LISTING_SORTS,
  type ListingSort,
  OFFICIAL_AUTHOR,
  PAGE_SIZE,
  POSTED_AT_OPTIONS,
  POSTED_AT_VALUES,
} from "./listing-constants";
export type PostedAt = (typeof POSTED_AT_VALUES)[number];
export const AUTOCOMPLETE_LIMIT = 10;
/** The featured carousel: page 1, limit 5. */
export const FEATURED_COUNT = 5;

const optionalText = (max: number, name: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(max, `${name} must be at most ${max} characters`).optional(),
  );

/** "All" and empty values, as the filter bar may send them, mean no filter. */
const allMeansNone = (value: unknown) =>
  typeof value === "string" && (value.trim() === "" || value === "All") ? undefined : value;

export const listPostsFiltersSchema = z.object({
  category: optionalText(100, "category"),
  subCategory: optionalText(100, "subCategory"),
  postedAt: z.preprocess(
    allMeansNone,
    z
      .enum(POSTED_AT_VALUES, { message: `postedAt must be one of: All, ${POSTED_AT_VALUES.join(", ")}` })
      .optional(),
  ),
  author: z.preprocess(
    allMeansNone,
    z.literal(OFFICIAL_AUTHOR, { message: `author must be ${OFFICIAL_AUTHOR}` }).optional(),
  ),
  toolType: z.preprocess(
    allMeansNone,
    z
      .enum(TOOL_FAMILIES, { message: `toolType must be one of: All, ${TOOL_FAMILIES.join(", ")}` })
      .optional(),
  ),
  partner: z.preprocess(allMeansNone, idSchema.optional()),
  ratings: z.preprocess(
    allMeansNone,
    z.coerce
      .number({ message: "ratings must be a number" })
      .int("ratings must be a whole number")
      .min(1, "ratings must be at least 1")
      .max(5, "ratings must be at most 5")
      .optional(),
  ),
  searchQuery: optionalText(200, "searchQuery"),
  /** The order, not a filter: absent, the "top results" order (relevance with a search, newest first). */
  sort: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(LISTING_SORTS, { message: `sort must be one of: ${LISTING_SORTS.join(", ")}` }).optional(),
  ),
});

/** GET /api/v1/post's query: the filters plus page and limit. */
export const listPostsQuerySchema = paginationQuerySchema.extend(listPostsFiltersSchema.shape);

export type ListPostsFilters = z.infer<typeof listPostsFiltersSchema>;

export const postListSchema = z.object({ posts: z.array(postSummarySchema), pagination: paginationSchema });
export type PostList = z.infer<typeof postListSchema>;

export const autocompleteSuggestionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  user: z.object({ username: z.string() }),
});
export type AutocompleteSuggestion = z.infer<typeof autocompleteSuggestionSchema>;

export const listPostsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post",
  summary:
    "Public posts with the filter bar's filters; in the `sort` order when given (latest: newest publication first; popular: most likes; topRated; mostMade; mostDownloaded), else ranked by relevance with searchQuery, otherwise newest first; id breaking ties",
  tag: "Posts",
  auth: "optional",
  sharedCache: true,
  query: listPostsQuerySchema,
  response: postListSchema,
});

export const autocompleteEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/search/autoComplete",
  summary: `Up to ${AUTOCOMPLETE_LIMIT} title suggestions for the search box`,
  tag: "Posts",
  auth: "none",
  sharedCache: true,
  query: z.object({
    searchQuery: z.string().trim().max(200, "searchQuery must be at most 200 characters").default(""),
  }),
  response: z.object({ posts: z.array(autocompleteSuggestionSchema) }),
});

export const postsByUserIdEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/getPostsByUserId/{id}",
  summary: "A user's posts (all of them for the owner, public ones for others)",
  tag: "Posts",
  auth: "optional",
  sharedCache: true,
  params: z.object({ id: idSchema }),
  query: paginationQuerySchema,
  response: postListSchema,
});

/** The profile tabs' postType: 'Draft', 'Published' (public), 'Pending for Review' (private). */
export const PROFILE_POST_TYPES = ["draft", "published", "private"] as const;
export type ProfilePostType = (typeof PROFILE_POST_TYPES)[number];

export const postsByUsernameEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/getPostsByUsername/{username}",
  summary:
    "A user's posts by username: the owner's, filtered by postType (draft, published, private) when given; public ones for everybody else (postType ignored)",
  tag: "Posts",
  auth: "optional",
  sharedCache: true,
  params: z.object({
    username: z.string().trim().min(1, "username is required").max(50, "username is too long"),
  }),
  query: paginationQuerySchema.extend({
    postType: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .enum(PROFILE_POST_TYPES, { message: `postType must be one of: ${PROFILE_POST_TYPES.join(", ")}` })
        .optional(),
    ),
  }),
  response: postListSchema,
});

export const deletePostEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/post/delete/{id}",
  summary: "The owner deletes a post with its files",
  tag: "Posts",
  auth: "required",
  params: z.object({ id: idSchema }),
  response: z.object({ post: z.object({ _id: z.string() }) }),
});

const postIdBody = z.object({ postId: idSchema });
const likeStateSchema = z.object({
  postId: z.string(),
  likes: z.number().int(),
  hasLikedByUser: z.boolean(),
});
const bookmarkStateSchema = z.object({ postId: z.string(), hasBookmarkedByUser: z.boolean() });

/** What the project page shows only to the signed-in viewer; the cached page loads it after (ADR 017). */
export const postViewerStateSchema = z.object({
  postId: z.string(),
  /** The like count now: the cached page's own may lag by a few seconds. */
  likes: z.number().int(),
  hasLikedByUser: z.boolean(),
  hasBookmarkedByUser: z.boolean(),
  isOwner: z.boolean(),
  /** The viewer's own machines, for "fits your machines". */
  viewerMachines: z.array(postMachineSchema),
});
export type PostViewerState = z.infer<typeof postViewerStateSchema>;

export const getPostViewerStateEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/viewerState/{postId}",
  summary: "The caller's own state on a post's page: liked, bookmarked, owner, and the like count now",
  tag: "Posts",
  auth: "required",
  params: z.object({ postId: idSchema }),
  response: z.object({ viewerState: postViewerStateSchema }),
});

/** POST {resource}/create and DELETE {resource}/delete: the caller's idempotent mark on a post. */
function postMarkEndpoints<const K extends "like" | "bookmark", S extends z.ZodType>(resource: K, state: S) {
  const name = `${resource.charAt(0).toUpperCase()}${resource.slice(1)}`;
  const shared = {
    tag: `${name}s`,
    auth: "required",
    response: z.object({ [resource]: state } as Record<K, S>),
  } as const;
  return {
    create: endpoint({
      ...shared,
      method: "POST",
      path: `/api/v1/${resource}/create`,
      summary: `${name} a post (idempotent)`,
      body: postIdBody,
    }),
    delete: endpoint({
      ...shared,
      method: "DELETE",
      path: `/api/v1/${resource}/delete`,
      summary: `Remove the caller's ${resource} (idempotent)`,
      query: postIdBody,
    }),
  };
}

const likeEndpoints = postMarkEndpoints("like", likeStateSchema);
export const createLikeEndpoint = likeEndpoints.create;
export const deleteLikeEndpoint = likeEndpoints.delete;

const bookmarkEndpoints = postMarkEndpoints("bookmark", bookmarkStateSchema);
export const createBookmarkEndpoint = bookmarkEndpoints.create;
export const deleteBookmarkEndpoint = bookmarkEndpoints.delete;

export const bookmarkedPostsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/bookmark/getBookmarkedPosts",
  summary: "The caller's bookmarked posts, most recently bookmarked first",
  tag: "Bookmarks",
  auth: "required",
  query: paginationQuerySchema,
  response: postListSchema,
});
