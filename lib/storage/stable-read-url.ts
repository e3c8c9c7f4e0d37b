import "server-only";
import type { ObjectStorage } from "./types";

/**
 * Read URLs for images that many pages show (card thumbnails): signed as of the start of a window
 * of a quarter of their lifetime, so every request in that window gets the same URL. Browsers
 * and CDNs can then cache the image, and a listing signs each key once per window instead of
 * once per card per request. Each URL stays valid for at least three quarters of its lifetime.
 */
const MAX_REMEMBERED = 5_000;
const remembered = new Map<string, { issuedAt: number; url: string }>();

export async function stableReadUrl(
  storage: ObjectStorage,
  key: string,
  { expiresInSeconds, now = Date.now() }: { expiresInSeconds: number; now?: number },
): Promise<string> {
  const windowMs = Math.max(1, Math.floor(expiresInSeconds / 4)) * 1000;
  const issuedAt = now - (now % windowMs);
  const cacheKey = `${storage.driver}:${expiresInSeconds}:${key}`;
  const hit = remembered.get(cacheKey);
  if (hit && hit.issuedAt === issuedAt) return hit.url;
  const url = await storage.presignGet(key, { expiresInSeconds, issuedAt: new Date(issuedAt) });
  // A bounded memo: dropping it all when full is simpler than LRU and costs one re-sign per key.
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(cacheKey, { issuedAt, url });
  return url;
}
