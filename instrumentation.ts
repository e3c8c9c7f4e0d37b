/**
 * Next calls `register` once when a server starts (the server process of `npm start`, Next's
 * standalone server in the Docker image, `next dev`): every cache of the process follows the
 * database's change feed from then on (lib/change-feed, ADR 025). Not while building.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { followChangeFeed } = await import("@/lib/change-feed/follow-change-feed");
  followChangeFeed();
}
