/** The unique index a PostgreSQL unique violation (23505) names, or null (drizzle wraps the error). */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505")
      return typeof candidate.constraint === "string" ? candidate.constraint : "";
    current = candidate.cause;
  }
  return null;
}
