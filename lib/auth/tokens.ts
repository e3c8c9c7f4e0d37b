import "server-only";
import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { getAuthSecret } from "./secret";

/** 32 random bytes, URL-safe: refresh tokens and password-reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a high-entropy token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * What the database keeps of a one-time code: keyed with the server secret, because six characters
 * are few enough to brute-force from a bare hash if the table leaked.
 */
export function hashOtp(code: string): string {
  return createHmac("sha256", getAuthSecret()).update(`otp:${code.toUpperCase()}`).digest("hex");
}

const OTP_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Six characters of A-Z and 0-9 (the mail template's format). */
export function generateOtp(): string {
  let code = "";
  for (let i = 0; i < 6; i += 1) code += OTP_ALPHABET[randomInt(OTP_ALPHABET.length)];
  return code;
}
