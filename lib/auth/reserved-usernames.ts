/**
 * Usernames that can never be registered: every top-level route segment (a profile lives at
 * `/{username}`, so a user named "signup" would shadow or be shadowed by a page), plus names that
 * would let an account pass for the site itself. Compared case-insensitively.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set(
  [
    // top-level routes of app/ and of the spec
    "signup",
    "login",
    "logout",
    "model",
    "project",
    "api",
    "files",
    "auth",
    "privacyPolicy",
    "changePassword",
    "resetPassword",
    "viewer",
    "collection",
    "collections",
    "notifications",
    "notification",
    "follow",
    "guest-home",
    "admin",
    "news",
    "settings",
    "search",
    "profile",
    "account",
    "health",
    "_next",
    "static",
    "public",
    "favicon.ico",
    "robots.txt",
    "sitemap.xml",
    "sitemap",
    "sitemaps",
    "manifest.webmanifest",
    "manifest.json",
    // names that impersonate the site
    "root",
    "support",
    "help",
    "onefinity",
    "official",
    "staff",
    "moderator",
    "system",
    "null",
    "undefined",
  ].map((name) => name.toLowerCase()),
);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}
