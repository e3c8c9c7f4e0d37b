// POST /api/v1/post/sendLink/{postId} { attachmentId }: a 10-minute signed link to a G-code model for a controller's page
import { route } from "@/lib/http/route";
import { createSendLink } from "@/lib/services/attachments/create-send-link";
import { createSendLinkEndpoint } from "@/lib/validation/send-to-machine";

export const POST = route(createSendLinkEndpoint, async ({ actor, params, body }) =>
  createSendLink({ actor, postId: params.postId, attachmentId: body.attachmentId }),
);

export * from "@/lib/http/method-not-allowed";
