import "server-only";
import { env } from "@/lib/env";

/** An absolute address on the public origin (PUBLIC_BASE_URL): canonical links, sitemaps, JSON-LD. */
export function absoluteUrl(path: string): string {
  return new URL(path, env().PUBLIC_BASE_URL).toString();
}
