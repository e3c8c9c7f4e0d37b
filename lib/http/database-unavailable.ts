/**
 * True when an error means the database could not be reached (refused, dropped, shutting down),
 * not that the query was wrong: the answer is then a 503 that a client may retry, not a 500
 * (tests/faults/postgres-outage.test.ts). Looks through drizzle's wrapper to its cause.
 */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection exceptions. */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/i, /connection error/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
