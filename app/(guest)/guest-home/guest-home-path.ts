/**
 * The cached guest home page (ADR 007). proxy.ts decides which requests for `/` it serves and marks
 * them with GUEST_HOME_HEADER; next.config.ts rewrites marked requests to GUEST_HOME_PATH. Not a
 * public address: the proxy sends direct visits under GUEST_HOME_PREFIX to `/`.
 */
export const GUEST_HOME_PREFIX = "/guest-home/";
export const GUEST_HOME_VARIANT = "top";
export const GUEST_HOME_PATH = `${GUEST_HOME_PREFIX}${GUEST_HOME_VARIANT}`;
export const GUEST_HOME_HEADER = "x-cnc-guest-home";
