import { z } from "zod";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema, paginationQuerySchema } from "./common";
import { postListSchema } from "./posts";

/**
 * Remixes: a project names up to MAX_BASED_ON public projects it is based on (`basedOn` on the
 * authoring calls); the based-on project lists its remixes. Rules: lib/services/remixes.
 */
export const MAX_BASED_ON = 5;

export const REMIX_MESSAGES = {
  tooMany: `A project can be based on at most ${MAX_BASED_ON} projects`,
  self: "A project cannot be based on itself",
  notFound: "A project named in Based on was not found",
  notPublic: "Only public projects can be named in Based on",
} as const;

/** The projects a project is based on, by id; the whole list, replacing the stored one. */
export const basedOnSchema = z
  .array(idSchema, { message: "basedOn must be a list of project ids" })
  .max(MAX_BASED_ON, REMIX_MESSAGES.tooMany)
  .meta({
    description: `The public projects this one is based on (at most ${MAX_BASED_ON}), replacing the stored list; [] clears it`,
  });

export const getRemixesEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/post/getRemixes/{postId}",
  summary:
    "The remixes of a project (projects naming it in basedOn) as cards, newest link first: the public ones; 404 when the project is hidden from the reader",
  tag: "Posts",
  auth: "optional",
  sharedCache: true,
  params: z.object({ postId: idSchema }),
  query: paginationQuerySchema,
  response: postListSchema,
});
