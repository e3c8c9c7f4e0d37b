import "server-only";
import { absoluteUrl } from "./site-url";
import { SITEMAP_INDEX_PATH } from "./sitemap-files";

/**
 * What crawlers may fetch. Public pages (home, projects, profiles, sign-up, the privacy policy, the
 * previewer) are open; the API, the project wizard, staff's pages, the account pages reached from a
 * mail or a session, the key-protected preview and the signed file addresses are not.
 */
export const DISALLOWED_PATHS = [
  "/api/",
  "/project/",
  "/admin/",
  "/changePassword",
  "/resetPassword",
  "/model/preview",
  "/files/",
] as const;

export function buildRobotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(SITEMAP_INDEX_PATH)}`,
    "",
  ].join("\n");
}
