import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";

/** What a local signed URL allows: one method on one key until `expires` (Unix seconds). */
export interface UrlGrant {
  method: "GET" | "PUT";
  key: string;
  expires: number;
  /** GET only: answered as `Content-Disposition: attachment` with this name. */
  fileName?: string;
  /** PUT only: the type to send, stored when the request declares none. */
  contentType?: string;
  /** PUT only: other types the request may declare instead, comma-separated. */
  accept?: string;
  /** PUT only: the most bytes the request may send. */
  maxBytes?: number;
}

const SIGNING_CONTEXT = "cnc-projects/storage-url/v1";

/**
 * A key for URL signatures only, derived from the auth secret, so a storage signature can never
 * be replayed as an access-token signature or the other way round.
 */
export function deriveSigningKey(authSecret: string): Buffer {
  if (authSecret === "") throw new Error("The storage signing secret is empty");
  return createHmac("sha256", authSecret).update(SIGNING_CONTEXT).digest();
}

// JSON of a fixed-order array: unambiguous whatever characters a name or type contains.
function canonical(grant: UrlGrant): string {
  return JSON.stringify([
    SIGNING_CONTEXT,
    grant.method,
    grant.key,
    grant.expires,
    grant.fileName ?? null,
    grant.contentType ?? null,
    ...(grant.accept === undefined && grant.maxBytes === undefined
      ? []
      : [grant.accept ?? null, grant.maxBytes ?? null]),
  ]);
}

export function signGrant(signingKey: Buffer, grant: UrlGrant): string {
  return createHmac("sha256", signingKey).update(canonical(grant)).digest("hex");
}

/** The query string of a signed URL: expires, method, filename?, contentType?, accept?, maxBytes?, signature. */
export function grantSearchParams(signingKey: Buffer, grant: UrlGrant): URLSearchParams {
  const params = new URLSearchParams({ expires: String(grant.expires), method: grant.method });
  if (grant.fileName !== undefined) params.set("filename", grant.fileName);
  if (grant.contentType !== undefined) params.set("contentType", grant.contentType);
  if (grant.accept !== undefined) params.set("accept", grant.accept);
  if (grant.maxBytes !== undefined) params.set("maxBytes", String(grant.maxBytes));
  params.set("signature", signGrant(signingKey, grant));
  return params;
}

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw forbidden();
  return values[0];
}

function forbidden(message = "This file link is invalid."): AppError {
  return new AppError("FORBIDDEN", message);
}

/**
 * Checks a request against its URL's signature. `method` is what the request does (HEAD counts as
 * GET): a GET URL never authorises a PUT and the other way round, because the method is signed.
 * Throws AppError FORBIDDEN for a bad, tampered or expired signature.
 */
export function verifySignedRequest(
  signingKey: Buffer,
  request: { method: "GET" | "PUT"; key: string; searchParams: URLSearchParams; nowSeconds: number },
): UrlGrant {
  const { searchParams } = request;
  const expiresText = single(searchParams, "expires");
  const method = single(searchParams, "method");
  const signature = single(searchParams, "signature");
  if (!expiresText || !/^\d{1,12}$/.test(expiresText) || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
    throw forbidden();
  }
  if (method !== request.method) throw forbidden("This file link does not allow this kind of request.");

  const grant: UrlGrant = { method, key: request.key, expires: Number(expiresText) };
  const fileName = single(searchParams, "filename");
  const contentType = single(searchParams, "contentType");
  const accept = single(searchParams, "accept");
  const maxBytes = single(searchParams, "maxBytes");
  if (fileName !== undefined) grant.fileName = fileName;
  if (contentType !== undefined) grant.contentType = contentType;
  if (accept !== undefined) grant.accept = accept;
  if (maxBytes !== undefined) {
    if (!/^\d{1,12}$/.test(maxBytes)) throw forbidden();
    grant.maxBytes = Number(maxBytes);
  }

  const expected = Buffer.from(signGrant(signingKey, grant), "hex");
  const provided = Buffer.from(signature, "hex");
  if (!timingSafeEqual(expected, provided)) throw forbidden();
  if (request.nowSeconds > grant.expires)
    throw forbidden("This file link has expired. Please request a new one.");
  return grant;
}
