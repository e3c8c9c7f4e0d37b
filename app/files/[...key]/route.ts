// GET|HEAD /files/{key}?expires&method=GET&filename?&signature: a local-driver object through its signed URL
// PUT /files/{key}?expires&method=PUT&contentType&signature: an upload to a signed URL (docs/storage.md)
import { AppError } from "@/lib/errors";
import { errorResponse, failure, success } from "@/lib/http/envelope";
import { getStorage } from "@/lib/storage";
import { parseRangeHeader } from "@/lib/storage/byte-range";
import { attachmentContentDisposition } from "@/lib/storage/content-disposition";
import { assertValidKey } from "@/lib/storage/keys";
import { contentTypeEssence, MAX_UPLOAD_BYTES } from "@/lib/storage/limits";
import type { LocalObjectStorage } from "@/lib/storage/local";
import { limitedNodeStream } from "@/lib/storage/streams";
import { formatBytes } from "@/lib/utils/format";

interface FilesRouteContext {
  params: Promise<{ key: string[] }>;
}

const NO_STORE = { "Cache-Control": "no-store" };

// Uploaded files are served from the app's own origin: never let one run as a page (an SVG or
// HTML upload would otherwise be stored XSS).
const SANDBOX_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

function withErrors(handler: (request: Request, context: FilesRouteContext) => Promise<Response>) {
  return async (request: Request, context: FilesRouteContext): Promise<Response> => {
    try {
      return await handler(request, context);
    } catch (error) {
      const response = errorResponse(error);
      response.headers.set("Cache-Control", "no-store");
      return response;
    }
  };
}

/** The local driver, or NOT_FOUND: with S3 the signed URLs point at the bucket, not here. */
function localStorage(): LocalObjectStorage {
  const storage = getStorage();
  if (storage.driver !== "local") throw new AppError("NOT_FOUND", "The file does not exist.");
  return storage;
}

/** The same key validation as the drivers; a segment may not smuggle in a `/` (a decoded %2F). */
async function keyFrom(context: FilesRouteContext): Promise<string> {
  const segments = (await context.params).key;
  if (segments.some((segment) => segment.includes("/"))) assertValidKey("/");
  return assertValidKey(segments.join("/"));
}

async function serve(request: Request, context: FilesRouteContext, includeBody: boolean): Promise<Response> {
  const storage = localStorage();
  const key = await keyFrom(context);
  const grant = storage.verifySignedRequest({
    method: "GET",
    key,
    searchParams: new URL(request.url).searchParams,
  });

  const info = await storage.statObject(key);
  if (!info) throw new AppError("NOT_FOUND", "The file does not exist.");

  const headers = new Headers({
    ...SANDBOX_HEADERS,
    "Accept-Ranges": "bytes",
    // Never cached longer than the URL is valid, and never by a shared cache.
    "Cache-Control": `private, max-age=${Math.max(0, grant.expires - Math.floor(Date.now() / 1000))}`,
  });
  if (grant.fileName !== undefined)
    headers.set("Content-Disposition", attachmentContentDisposition(grant.fileName));

  const range = parseRangeHeader(request.headers.get("range"), info.size);
  if (range.kind === "unsatisfiable") {
    return failure(416, "The requested range is not satisfiable.", undefined, {
      ...NO_STORE,
      "Content-Range": `bytes */${info.size}`,
    });
  }

  const object = await storage.getObject(key, range.kind === "range" ? range : undefined);
  headers.set("Content-Type", object.contentType);
  headers.set("Content-Length", String(object.contentLength));
  if (object.range)
    headers.set("Content-Range", `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  const status = object.range ? 206 : 200;

  if (!includeBody) {
    await object.stream.cancel();
    return new Response(null, { status, headers });
  }
  return new Response(object.stream, { status, headers });
}

export const GET = withErrors((request, context) => serve(request, context, true));

export const HEAD = withErrors((request, context) => serve(request, context, false));

export const PUT = withErrors(async (request, context) => {
  const storage = localStorage();
  const key = await keyFrom(context);
  const grant = storage.verifySignedRequest({
    method: "PUT",
    key,
    searchParams: new URL(request.url).searchParams,
  });
  if (grant.contentType === undefined) throw new AppError("FORBIDDEN", "This file link is invalid.");
  const accepted = [grant.contentType, ...(grant.accept?.split(",") ?? [])];

  // Browsers and tools declare different types for the same file; any the URL lists is stored as
  // sent, none is stored as the first. The served type is decided from the bytes at confirm.
  const sentType = contentTypeEssence(request.headers.get("content-type") ?? "");
  const acceptedType =
    sentType === "" ? accepted[0] : accepted.find((type) => contentTypeEssence(type) === sentType);
  if (acceptedType === undefined) {
    throw new AppError("FORBIDDEN", `This upload link expects a file of type ${accepted.join(", ")}.`);
  }

  const limit = Math.min(MAX_UPLOAD_BYTES, grant.maxBytes ?? MAX_UPLOAD_BYTES);
  const lengthHeader = request.headers.get("content-length");
  if (lengthHeader !== null && !/^\d+$/.test(lengthHeader)) {
    throw new AppError("VALIDATION", "The Content-Length header is malformed.");
  }
  const declaredLength = lengthHeader === null ? undefined : Number(lengthHeader);
  if (declaredLength !== undefined && declaredLength > limit) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${formatBytes(limit)}.`);
  }

  // Write once: a second PUT to the same URL is refused, so checked bytes cannot be replaced.
  const { size } = await storage.putObject(key, limitedNodeStream(request.body, limit), {
    contentType: acceptedType,
    contentLength: declaredLength,
    ifAbsent: true,
  });
  return success({ key, size }, { headers: NO_STORE });
});
