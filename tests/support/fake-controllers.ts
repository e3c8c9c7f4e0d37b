import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Small stand-ins for the controllers a user sends G-code to (docs/send-to-machine.md), built from
 * their published endpoints, for the unit and end-to-end tiers:
 *
 * - gsender: `POST /api/file` (multipart `gcode`, `port`), CORS `*` like gSender's Remote Mode.
 * - buildbotics: `PUT /api/fs/{path}` (multipart `file`); CORS only for the origins in
 *   `corsOrigins` (its `network.cors-origins` setting), none when empty.
 * - onefinity: `PUT /api/file/{name}` (raw body), no CORS headers at all; serves a page at `/` so a
 *   script can run on its own origin.
 * - refusing: any upload answers `refuseStatus` with a text, CORS `*` so the page may read it.
 *
 * Every request is recorded, so a test can assert that nothing but an upload was ever called.
 */
export type FakeKind = "gsender" | "buildbotics" | "onefinity" | "refusing";

export interface ReceivedFile {
  path: string;
  fileName: string;
  bytes: Buffer;
  /** gSender's `port` field. */
  port?: string;
}

export interface FakeController {
  url: string;
  kind: FakeKind;
  received: ReceivedFile[];
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

export interface FakeOptions {
  corsOrigins?: string[];
  refuseStatus?: number;
  refuseText?: string;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function multipart(request: IncomingMessage, body: Buffer): Promise<FormData> {
  return new Response(new Uint8Array(body), {
    headers: { "content-type": request.headers["content-type"] ?? "" },
  }).formData();
}

function corsHeaders(
  kind: FakeKind,
  options: FakeOptions,
  origin: string | undefined,
): Record<string, string> {
  const allowed =
    kind === "gsender" || kind === "refusing"
      ? "*"
      : kind === "buildbotics" && origin && options.corsOrigins?.includes(origin)
        ? origin
        : null;
  if (!allowed) return {};
  return {
    "Access-Control-Allow-Origin": allowed,
    "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
    ...(allowed === "*" ? {} : { Vary: "Origin" }),
  };
}

const ONEFINITY_PAGE =
  "<!doctype html><html><head><title>Onefinity</title></head><body><h1>Onefinity controller</h1></body></html>";

async function handle(
  controller: FakeController,
  options: FakeOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { kind } = controller;
  const path = decodeURIComponent(new URL(request.url ?? "/", "http://fake").pathname);
  const method = request.method ?? "GET";
  controller.requests.push({ method, path });
  const headers = corsHeaders(kind, options, request.headers.origin);
  const answer = (status: number, text: string, type = "text/plain") => {
    response.writeHead(status, { ...headers, "Content-Type": type });
    response.end(text);
  };

  if (method === "OPTIONS") return answer(204, "");
  if (kind === "onefinity" && method === "GET" && path === "/")
    return answer(200, ONEFINITY_PAGE, "text/html");
  const body = await readBody(request);

  if (kind === "refusing") {
    return answer(options.refuseStatus ?? 409, options.refuseText ?? "Busy: a job is running");
  }
  if (kind === "gsender" && method === "POST" && path === "/api/file") {
    const form = await multipart(request, body);
    const file = form.get("gcode");
    if (!(file instanceof File))
      return answer(400, JSON.stringify({ msg: "No file attached" }), "application/json");
    controller.received.push({
      path,
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
      port: String(form.get("port") ?? ""),
    });
    return answer(200, JSON.stringify({ msg: "Successfully loaded file" }), "application/json");
  }
  if (kind === "buildbotics" && method === "PUT" && path.startsWith("/api/fs/")) {
    const form = await multipart(request, body);
    const file = form.get("file");
    if (!(file instanceof File)) return answer(400, "Missing file");
    controller.received.push({
      path,
      fileName: path.split("/").pop() ?? "",
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    return answer(200, "");
  }
  if (kind === "onefinity" && method === "PUT" && path.startsWith("/api/file/")) {
    controller.received.push({ path, fileName: path.slice("/api/file/".length), bytes: body });
    return answer(200, "");
  }
  return answer(404, "Not found");
}

export async function startFakeController(
  kind: FakeKind,
  options: FakeOptions = {},
): Promise<FakeController> {
  const controller: FakeController = {
    url: "",
    kind,
    received: [],
    requests: [],
    close: () => Promise.resolve(),
  };
  const server = createServer((request, response) => {
    handle(controller, options, request, response).catch(() => {
      response.writeHead(500);
      response.end("Fake controller failed");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  controller.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  controller.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return controller;
}
