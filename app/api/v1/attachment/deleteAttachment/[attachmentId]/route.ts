// GET /api/v1/attachment/deleteAttachment/{attachmentId}: deletes one of the caller's files (a state-changing GET, as the spec has it)
import { route } from "@/lib/http/route";
import { deleteAttachment } from "@/lib/services/attachments/delete-attachment";
import { deleteAttachmentEndpoint } from "@/lib/validation/attachments";

export const GET = route(deleteAttachmentEndpoint, async ({ actor, params }) =>
  deleteAttachment({ actor, attachmentId: params.attachmentId }),
);

export * from "@/lib/http/method-not-allowed";
