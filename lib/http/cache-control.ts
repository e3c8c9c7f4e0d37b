/**
 * The Cache-Control values the site sends (docs/ARCHITECTURE.md "Several hosts"). Only answers to
 * requests without a session cookie may be shared, always with `Vary: Cookie`, so a signed-in
 * reader never gets one. The shared lifetimes are short because anything that hides content must
 * be gone within 2 s everywhere (ADR 025): a shared copy adds at most s-maxage +
 * stale-while-revalidate = 2 s on top of the hosts' own limit.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=1";

/** Never stored by a shared cache: the same URL answers signed-in visitors differently. */
export const NOT_SHARED = "private, no-cache, no-store, max-age=0, must-revalidate";
