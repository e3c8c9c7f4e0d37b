// One server process (scripts/lib/serve.ts forks one per WEB_CONCURRENCY): Next's production
// request handler behind a plain Node HTTP server that answers the direct routes first (ADR 009)
// and replays the cached guest pages Next last served from its cache (ADR 022).
// PORT and HOST as for `next start`. The direct routes import the app's server-only modules, so it
// runs with `--conditions=react-server`, bundled into plain JavaScript first (lib/server-bundle.ts).
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { followChangeFeed } from "@/lib/change-feed/follow-change-feed";
import { sweepAbandonedUploads } from "@/lib/services/attachments/sweep-abandoned-uploads";
import { directRouteFor, serveDirect } from "./lib/direct-routes";
import { guestPageKey, serveGuestPage } from "@/lib/guest-pages/replay";

const projectRoot = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "127.0.0.1";
const origin = `http://${hostname}:${port}`;

// This process replaces any client copy of the remote-address header (below), so the app may read it.
process.env.CNC_REMOTE_ADDRESS_HEADER = "1";

// Every cache of this process follows the database's change feed (ADR 025) from the start.
followChangeFeed();

const app = next({ dev: false, dir: projectRoot, hostname, port });
const handleWithNext = app.getRequestHandler();
await app.prepare();

// The socket's address for per-IP limits (lib/auth/session-cookies.ts clientIp); a client's own
// copy of this internal header is replaced, never passed on.
const REMOTE_ADDRESS_HEADER = "x-cnc-remote-address";

/** True when the path's percent-encoding is broken (`%`, `%ZZ`, `%E0%A4%A`): Next answered those with a bare 500. */
function hasBrokenEncoding(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? "/").split("?")[0] ?? "/");
    return false;
  } catch {
    return true;
  }
}

const BAD_PATH = "The address is not valid (broken percent-encoding).";

const server = createServer((request, response) => {
  if (hasBrokenEncoding(request.url)) {
    console.warn(
      `[server] 400 for a path with broken percent-encoding: ${JSON.stringify(request.url?.slice(0, 200))}`,
    );
    response.writeHead(400, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(JSON.stringify({ status: "error", errorMessage: BAD_PATH, message: BAD_PATH }));
    return;
  }
  request.headers[REMOTE_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  const direct = directRouteFor(request);
  if (direct) {
    void serveDirect(direct, request, response, origin);
    return;
  }
  const guestPage = guestPageKey(request);
  if (guestPage) serveGuestPage(guestPage, request, response, () => void handleWithNext(request, response));
  else void handleWithNext(request, response);
});
// A request Node cannot parse (a request line and headers over its 16 KB limit, a malformed
// request line) is answered here, before any handler: with the error envelope, not Node's bare 4xx.
server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const isTooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const message = isTooLarge
    ? "The request's address or headers are too large."
    : "The request is malformed.";
  const body = JSON.stringify({ status: "error", errorMessage: message, message });
  socket.end(
    `HTTP/1.1 ${isTooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `cache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
});
server.listen(port, hostname, () => console.log(`[server] process ${process.pid} ready on ${origin}`));

// Uploads never confirmed are removed with their objects: every 10 minutes, with a
// random start so that several processes rarely sweep at once (they may: it is idempotent).
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const sweep = () =>
  sweepAbandonedUploads().then(
    ({ removed }) => removed > 0 && console.log(`[server] removed ${removed} abandoned upload(s)`),
    (error: unknown) => console.error("[server] sweeping abandoned uploads failed", error),
  );
const sweepTimer = setTimeout(
  () => {
    void sweep();
    setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  },
  60_000 + Math.floor(Math.random() * SWEEP_INTERVAL_MS),
);
sweepTimer.unref();

// Finish the requests under way, then stop (the cluster primary sends SIGTERM; Ctrl+C, SIGINT).
const stop = () => {
  server.close(() => void app.close().finally(() => process.exit(0)));
  server.closeIdleConnections();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
