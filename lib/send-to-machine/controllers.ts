/**
 * The user's controllers, kept in their own browser only (localStorage): nothing about their
 * network reaches the server (docs/send-to-machine.md). Pure functions over a Storage-like object,
 * so the browser hook and the unit tests share them.
 */

export const CONTROLLER_KINDS = ["gsender", "buildbotics", "onefinity"] as const;
export type ControllerKind = (typeof CONTROLLER_KINDS)[number];

export const CONTROLLER_KIND_LABELS: Record<ControllerKind, string> = {
  gsender: "gSender (Remote Mode)",
  buildbotics: "Buildbotics 2.x",
  onefinity: "Onefinity",
};

export interface Controller {
  id: string;
  name: string;
  kind: ControllerKind;
  /** An origin such as `http://192.168.1.20:8000`, without a path. */
  address: string;
  /** gSender only: the serial port gSender is connected on (its `port` field), e.g. COM3. */
  serialPort?: string;
  /** The owned machine (its id in the user's profile) this controller drives, if linked. */
  machineId?: string;
}

export type ControllerInput = Omit<Controller, "id">;

export const CONTROLLERS_STORAGE_KEY = "cnc-projects:controllers:v1";

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const optionalText = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** One stored entry, or null when it is not a controller (an edited or older value is skipped). */
function parseController(value: unknown): Controller | null {
  if (!isRecord(value)) return null;
  const { id, name, kind, address } = value;
  if (typeof id !== "string" || typeof name !== "string" || typeof address !== "string") return null;
  if (!CONTROLLER_KINDS.includes(kind as ControllerKind)) return null;
  const normalized = normalizeAddress(address);
  if (normalized === null) return null;
  const controller: Controller = { id, name, kind: kind as ControllerKind, address: normalized };
  const serialPort = optionalText(value.serialPort);
  const machineId = optionalText(value.machineId);
  if (serialPort) controller.serialPort = serialPort;
  if (machineId) controller.machineId = machineId;
  return controller;
}

export function readControllers(store: KeyValueStore): Controller[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(CONTROLLERS_STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.map(parseController).filter((controller): controller is Controller => controller !== null);
  } catch {
    return [];
  }
}

export function writeControllers(store: KeyValueStore, controllers: Controller[]): void {
  store.setItem(CONTROLLERS_STORAGE_KEY, JSON.stringify(controllers));
}

/**
 * The controller's origin from what a person types: `192.168.1.20:8000`, `http://onefinity.local/`.
 * A bare host gets `http://` (controllers on a home network speak plain HTTP). Null when it is not
 * an http(s) address or carries a path, query or credentials.
 */
export function normalizeAddress(input: string): string | null {
  const text = input.trim();
  if (text === "") return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== "/" && url.pathname !== "")
  ) {
    return null;
  }
  return url.origin;
}

export const CONTROLLER_MESSAGES = {
  nameRequired: "Give the controller a name",
  addressInvalid: "Enter the controller's address, such as 192.168.1.20:8000 or http://onefinity.local",
} as const;

/** The checked entry, or the field messages to show. */
export function validateControllerInput(
  input: ControllerInput,
): { ok: true; value: ControllerInput } | { ok: false; issues: Partial<Record<"name" | "address", string>> } {
  const issues: Partial<Record<"name" | "address", string>> = {};
  const name = input.name.trim();
  const address = normalizeAddress(input.address);
  if (name === "") issues.name = CONTROLLER_MESSAGES.nameRequired;
  if (address === null) issues.address = CONTROLLER_MESSAGES.addressInvalid;
  if (address === null || name === "") return { ok: false, issues };
  const value: ControllerInput = { name: name.slice(0, 80), kind: input.kind, address };
  const serialPort = optionalText(input.serialPort);
  const machineId = optionalText(input.machineId);
  if (serialPort && input.kind === "gsender") value.serialPort = serialPort;
  if (machineId) value.machineId = machineId;
  return { ok: true, value };
}
