import { z } from "zod";
import { idSchema } from "./common";
import { endpoint } from "./endpoint";

/**
 * The server's part of sending a G-code model to a controller (docs/send-to-machine.md): a
 * short-lived signed link to one file, which a script on the controller's own page fetches
 * without credentials. Everything else about controllers stays in the user's browser.
 */

/** How long a send link works: long enough to walk to the machine, short enough to stay private. */
export const SEND_LINK_SECONDS = 10 * 60;

export const SEND_LINK_MESSAGES = {
  notGcode: "Only G-code models can be sent to a machine.",
  invalid: "This send link is invalid. Make a new one on the project page.",
  expired: "This send link has expired. Make a new one on the project page.",
} as const;

/** The header that names the file on a send link's answer (URI-encoded, exposed to CORS readers). */
export const SEND_FILE_NAME_HEADER = "X-File-Name";

export const sendLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
});
export type SendLink = z.infer<typeof sendLinkSchema>;

export const createSendLinkEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/post/sendLink/{postId}",
  summary:
    "A signed link to one of the post's G-code models that works for 10 minutes, without cookies, from any origin; for anyone who may download the file (counts the download)",
  tag: "Attachments",
  auth: "optional",
  params: z.object({ postId: idSchema }),
  body: z.object({ attachmentId: idSchema }),
  response: sendLinkSchema,
});

export const getSendFileEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/attachment/sendFile",
  summary:
    "The file of a send link: answers any origin (Access-Control-Allow-Origin: *) without credentials, and names the file in X-File-Name; refuses an expired or altered link",
  tag: "Attachments",
  auth: "none",
  query: z.object({
    attachmentId: idSchema,
    expires: z.string().regex(/^\d{1,12}$/, SEND_LINK_MESSAGES.invalid),
    signature: z.string().regex(/^[0-9a-f]{64}$/, SEND_LINK_MESSAGES.invalid),
  }),
  response: z.string().describe("The file's bytes"),
});
