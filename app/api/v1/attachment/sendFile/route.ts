// GET /api/v1/attachment/sendFile?attachmentId&expires&signature: a send link's file, readable from any origin without credentials
import { route } from "@/lib/http/route";
import { readSendFile } from "@/lib/services/attachments/read-send-file";
import { getSendFileEndpoint, SEND_FILE_NAME_HEADER } from "@/lib/validation/send-to-machine";

const handler = route(getSendFileEndpoint, async ({ query }) => {
  const { fileName, object } = await readSendFile({
    attachmentId: query.attachmentId,
    expires: Number(query.expires),
    signature: query.signature,
  });
  return new Response(object.stream, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.contentLength),
      [SEND_FILE_NAME_HEADER]: encodeURIComponent(fileName),
    },
  });
});

/**
 * The controller's own page (another origin, often plain http on the local network) reads this
 * answer, errors included, so it may say why a link was refused. `*` never comes with credentials:
 * the signed link alone is the permission.
 */
export async function GET(request: Request, context: { params: Promise<Record<string, string>> }) {
  const response = await handler(request, context);
  response.headers.set("Access-Control-Allow-Origin", "*");
  response.headers.set("Access-Control-Expose-Headers", SEND_FILE_NAME_HEADER);
  return response;
}

export * from "@/lib/http/method-not-allowed";
