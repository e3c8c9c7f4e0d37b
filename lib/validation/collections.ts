import { z } from "zod";
import { COLLECTION_VISIBILITIES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema, paginationQuerySchema, paginationSchema } from "./common";
import { postSummarySchema } from "./posts";

export const COLLECTION_NAME_MIN = 3;
export const COLLECTION_NAME_MAX = 60;
export const COLLECTION_DESCRIPTION_MAX = 500;
/** Enough for any real use; a bound so one collection's page and reorder stay cheap. */
export const COLLECTION_POSTS_MAX = 500;

export const COLLECTION_MESSAGES = {
  nameLength: `Name must be between ${COLLECTION_NAME_MIN} and ${COLLECTION_NAME_MAX} characters`,
  descriptionLength: `Description must be at most ${COLLECTION_DESCRIPTION_MAX} characters`,
  visibility: `Visibility must be one of: ${COLLECTION_VISIBILITIES.join(", ")}`,
  notFound: "Collection not found",
  full: `A collection holds at most ${COLLECTION_POSTS_MAX} projects`,
  order: "postIds must name projects of the collection, each once",
} as const;

const nameSchema = z
  .string({ message: COLLECTION_MESSAGES.nameLength })
  .trim()
  .min(COLLECTION_NAME_MIN, COLLECTION_MESSAGES.nameLength)
  .max(COLLECTION_NAME_MAX, COLLECTION_MESSAGES.nameLength);
const descriptionSchema = z
  .string({ message: COLLECTION_MESSAGES.descriptionLength })
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX, COLLECTION_MESSAGES.descriptionLength);
const visibilitySchema = z.enum(COLLECTION_VISIBILITIES, { message: COLLECTION_MESSAGES.visibility });

/** POST /api/v1/collection/create's body; also the create field of the "Add to collection" dialog. */
export const createCollectionSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional(),
  visibility: visibilitySchema,
});
export type CreateCollectionInput = z.infer<typeof createCollectionSchema>;

/** PATCH /api/v1/collection/update/{id}: any of the fields; `postIds` gives the projects' new order. */
export const updateCollectionSchema = z.object({
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  visibility: visibilitySchema.optional(),
  postIds: z.array(idSchema).max(COLLECTION_POSTS_MAX).optional(),
});
export type UpdateCollectionInput = z.infer<typeof updateCollectionSchema>;

export const collectionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  visibility: z.enum(COLLECTION_VISIBILITIES),
  /** The projects this reader sees in it (see docs/community.md). */
  postCount: z.number().int(),
  user: z.object({ _id: z.string(), username: z.string() }),
  /** Only with getCollectionsByUsername's `postId`: whether that project is in it. */
  hasPost: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

const collectionAnswer = z.object({ collection: collectionSchema });
const idParams = z.object({ id: idSchema });

export const createCollectionEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/collection/create",
  summary: "Make a named collection of projects, public or private",
  tag: "Collections",
  auth: "required",
  body: createCollectionSchema,
  response: collectionAnswer,
  successStatus: 201,
});

export const getCollectionEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/collection/{id}",
  summary:
    "A collection and one page of its projects as cards, in its order; public projects only (and the owner's own, for the owner); a private collection is 404 to anyone but its owner",
  tag: "Collections",
  auth: "optional",
  params: idParams,
  query: paginationQuerySchema,
  response: z.object({
    collection: collectionSchema,
    posts: z.array(postSummarySchema),
    pagination: paginationSchema,
  }),
});

export const updateCollectionEndpoint = endpoint({
  method: "PATCH",
  path: "/api/v1/collection/update/{id}",
  summary: "Rename, describe, change the visibility of, or reorder a collection (its owner only)",
  tag: "Collections",
  auth: "required",
  params: idParams,
  body: updateCollectionSchema,
  response: collectionAnswer,
});

export const deleteCollectionEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/collection/delete/{id}",
  summary: "Delete a collection (its owner only); the projects stay",
  tag: "Collections",
  auth: "required",
  params: idParams,
  response: z.object({ collection: z.object({ _id: z.string() }) }),
});

export const addPostToCollectionEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/collection/addPost/{id}",
  summary: "Add a public project (or one's own) at the end of a collection (idempotent; its owner only)",
  tag: "Collections",
  auth: "required",
  params: idParams,
  body: z.object({ postId: idSchema }),
  response: collectionAnswer,
});

export const removePostFromCollectionEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/collection/removePost/{id}",
  summary: "Take a project out of a collection (idempotent; its owner only)",
  tag: "Collections",
  auth: "required",
  params: idParams,
  query: z.object({ postId: idSchema }),
  response: collectionAnswer,
});

export const collectionsByUsernameEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/collection/getCollectionsByUsername/{username}",
  summary:
    "A user's collections, newest first: the public ones, and the private ones too for their owner; with postId, each says whether it holds that project",
  tag: "Collections",
  auth: "optional",
  params: z.object({
    username: z.string().trim().min(1, "username is required").max(50, "username is too long"),
  }),
  query: paginationQuerySchema.extend({ postId: idSchema.optional() }),
  response: z.object({ collections: z.array(collectionSchema), pagination: paginationSchema }),
});
