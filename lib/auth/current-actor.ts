import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { type Actor, actorForAccessToken } from "./actor";
import { ACCESS_TOKEN_COOKIE } from "./cookies";

/**
 * The signed-in user of a page render, or null (pages never answer 401/403, they show less).
 * `cache()` makes it one lookup per request however many layouts, pages and metadata ask.
 */
export const getCurrentActor = cache(async (): Promise<Actor | null> => {
  return actorForAccessToken((await cookies()).get(ACCESS_TOKEN_COOKIE)?.value);
});
