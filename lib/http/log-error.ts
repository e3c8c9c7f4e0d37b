/**
 * What an unexpected error may put in the log. A failed query's error (drizzle's DrizzleQueryError)
 * carries the statement's parameters in `params` and in its message, and those can be a password
 * hash or a user's text: it is logged as its SQL and the database's own error only.
 */
export function errorForLog(error: unknown): unknown {
  if (typeof error !== "object" || error === null || !("query" in error) || !("params" in error))
    return error;
  const { query, cause } = error as { query: unknown; cause?: unknown };
  const database =
    typeof cause === "object" && cause !== null
      ? { message: (cause as { message?: unknown }).message, code: (cause as { code?: unknown }).code }
      : undefined;
  return { name: "FailedQuery", query, cause: database };
}
