import "server-only";
import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum for argon2id).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a malformed or missing hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
