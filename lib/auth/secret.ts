import "server-only";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

const cachedByFile = new Map<string, string>();
/** The secret resolved for one (frozen) configuration object: resolved once, then reused. */
const resolvedByConfig = new WeakMap<object, string>();

/**
 * The server's signing secret (access tokens, storage URLs): AUTH_SECRET when set, otherwise a
 * random secret created once at `<DATA_DIR>/auth-secret` (mode 0600) and reused by every process.
 * Resolved once per configuration (lib/env.ts reads it once into a frozen object), so nothing a
 * request does later can change which secret signs or verifies.
 */
export function getAuthSecret(): string {
  const config = env();
  const resolved = resolvedByConfig.get(config);
  if (resolved !== undefined) return resolved;
  const secret = resolveSecret(config.AUTH_SECRET, config.DATA_DIR);
  resolvedByConfig.set(config, secret);
  return secret;
}

function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (typeof configured === "string" && configured !== "") return configured;
  const file = path.resolve(dataDir, "auth-secret");
  const cached = cachedByFile.get(file);
  if (cached) return cached;

  const secret = readOrCreateSecretFile(file);
  cachedByFile.set(file, secret);
  return secret;
}

function readSecretFile(file: string): string | undefined {
  try {
    const secret = readFileSync(file, "utf8").trim();
    return secret === "" ? undefined : secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function readOrCreateSecretFile(file: string): string {
  const existing = readSecretFile(file);
  if (existing) return existing;

  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // Written in full under a private name, then hard-linked into place: link() fails when the
  // target exists, so two processes starting together agree on one secret and neither can
  // read a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = readSecretFile(file);
    if (!winner) throw new Error(`${file} exists but is empty; delete it or set AUTH_SECRET`);
    return winner;
  } finally {
    rmSync(temp, { force: true });
  }
}
