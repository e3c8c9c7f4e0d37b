import type { Controller } from "./controllers";

/**
 * Uploads a G-code file from the page straight to a controller on the user's network
 * (docs/send-to-machine.md). Upload only: these are the only controller paths this code calls,
 * and none of them starts, runs or moves anything (tests/unit/send-to-machine.test.ts scans for
 * any other).
 *
 * - gSender Remote Mode: `POST /api/file`, multipart `gcode` (the file) and `port`; it loads the
 *   file into the visualiser and never starts it.
 * - Buildbotics 2.x: `PUT /api/fs/Home/{name}`, multipart `file`; the file lands in its file list.
 * Onefinity controllers answer no CORS, so the page cannot upload to them: see onefinity-pull.ts.
 */
export const GSENDER_UPLOAD_PATH = "/api/file";
export const BUILDBOTICS_UPLOAD_PREFIX = "/api/fs/Home/";

export type SendOutcome =
  | { outcome: "sent" }
  /** The controller answered, with an error status: its own words. */
  | { outcome: "refused"; status: number; text: string }
  /** The browser stopped the call (CORS, private-network permission, mixed content) or nothing answered. */
  | { outcome: "blocked"; message: string };

export interface GcodeFile {
  name: string;
  bytes: Blob;
}

/**
 * Chrome (Local Network Access) asks the user before a page reaches the local network, and lets an
 * HTTPS page call an http:// device there when it knows the call goes to the local network: it
 * infers that from a private IP literal or a `.local` name; any other host name must say so with
 * `targetAddressSpace`. A loopback address must not (its space is "loopback", and a wrong claim
 * fails the call). Other browsers ignore the option.
 */
type LocalRequestInit = RequestInit & { targetAddressSpace?: "local" };

export function needsLocalAddressHint(address: string): boolean {
  const host = new URL(address).hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) return false;
  return true;
}

function uploadInit(controller: Controller, init: RequestInit): LocalRequestInit {
  const base: LocalRequestInit = { ...init, credentials: "omit" };
  if (needsLocalAddressHint(controller.address)) base.targetAddressSpace = "local";
  return base;
}

export function uploadRequest(
  controller: Controller,
  file: GcodeFile,
): { url: string; init: LocalRequestInit } {
  const form = new FormData();
  if (controller.kind === "gsender") {
    form.set("gcode", file.bytes, file.name);
    form.set("port", controller.serialPort ?? "");
    return {
      url: `${controller.address}${GSENDER_UPLOAD_PATH}`,
      init: uploadInit(controller, { method: "POST", body: form }),
    };
  }
  if (controller.kind === "buildbotics") {
    form.set("file", file.bytes, file.name);
    return {
      url: `${controller.address}${BUILDBOTICS_UPLOAD_PREFIX}${encodeURIComponent(file.name)}`,
      init: uploadInit(controller, { method: "PUT", body: form }),
    };
  }
  throw new Error("A Onefinity controller pulls the file itself: make a send link instead.");
}

const MAX_REFUSAL_TEXT = 300;

/** Sends the file and says plainly what happened; never throws for a network or controller failure. */
export async function sendToController(
  controller: Controller,
  file: GcodeFile,
  fetcher: typeof fetch = fetch,
): Promise<SendOutcome> {
  const { url, init } = uploadRequest(controller, file);
  let response: Response;
  try {
    response = await fetcher(url, init);
  } catch (error) {
    // fetch rejects with a TypeError and no detail when CORS, the private-network permission or
    // mixed-content blocking stops the call, and also when nothing listens at the address.
    return { outcome: "blocked", message: error instanceof Error ? error.message : String(error) };
  }
  if (response.ok) return { outcome: "sent" };
  const text = (await response.text().catch(() => "")).trim().slice(0, MAX_REFUSAL_TEXT);
  return { outcome: "refused", status: response.status, text: text || response.statusText };
}
