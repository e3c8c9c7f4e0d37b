import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/auth/secret";

// Its own context: a send-link signature can never be replayed as a storage URL or access token.
const SIGNING_CONTEXT = "cnc-projects/send-link/v1";

function signingKey(): Buffer {
  return createHmac("sha256", getAuthSecret()).update(SIGNING_CONTEXT).digest();
}

/** HMAC-SHA-256 (hex) of one attachment id and its expiry in Unix seconds. */
export function signSendLink(attachmentId: string, expires: number): string {
  return createHmac("sha256", signingKey())
    .update(JSON.stringify([SIGNING_CONTEXT, attachmentId, expires]))
    .digest("hex");
}

export function isValidSendLinkSignature(attachmentId: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(signSendLink(attachmentId, expires), "hex");
  const provided = Buffer.from(signature, "hex");
  return provided.length === expected.length && timingSafeEqual(expected, provided);
}
