import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

// Parses the file format of DESIGN.md ("Outbox message file") on its own, without importing
// lib/mail, so a change of format there makes these helpers, and the tests using them, fail.
const outboxFileSchema = z.strictObject({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  createdAt: z.iso.datetime(),
});

export type OutboxMessage = z.infer<typeof outboxFileSchema> & {
  /** File name inside the outbox directory, for error messages. */
  file: string;
};

/** Every message in the outbox, oldest first; an outbox not yet created is empty. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  }
  // Temp files of writes in progress start with a dot.
  const files = names.filter((name) => name.endsWith(".json") && !name.startsWith("."));
  const messages = await Promise.all(
    files.map(async (file) => {
      const raw: unknown = JSON.parse(await readFile(path.join(dir, file), "utf8"));
      return { ...outboxFileSchema.parse(raw), file };
    }),
  );
  return messages.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.file.localeCompare(b.file));
}

/**
 * The newest message matching `predicate`, polling until `timeoutMs`. Match on the recipient
 * (each test signs up its own address) and the kind, e.g. `(m) => m.to === email && m.kind === "otp"`.
 */
export async function waitForMail(
  dir: string,
  predicate: (message: OutboxMessage) => boolean,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await readOutbox(dir);
    const match = messages.filter(predicate).at(-1);
    if (match) return match;
    if (Date.now() >= deadline) {
      const seen = messages.slice(-10).map((m) => `${m.kind} to ${m.to} (${m.createdAt})`);
      throw new Error(
        `No matching mail in ${dir} after ${timeoutMs} ms; last messages: ${seen.join(", ") || "none"}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The 6-character code that an OTP mail carries on a line of its own. */
export function extractOtp(message: Pick<OutboxMessage, "text">): string {
  const code = /^([A-Z0-9]{6})$/m.exec(message.text)?.[1];
  if (!code) throw new Error(`No OTP line in mail text:\n${message.text}`);
  return code;
}

/** The `/resetPassword?resetToken=...` link that a password-reset mail carries on a line of its own. */
export function extractResetUrl(message: Pick<OutboxMessage, "text">): string {
  const url = /^(https?:\/\/\S+\/resetPassword\?resetToken=\S+)$/m.exec(message.text)?.[1];
  if (!url) throw new Error(`No reset link line in mail text:\n${message.text}`);
  return url;
}

export function extractResetToken(message: Pick<OutboxMessage, "text">): string {
  const token = new URL(extractResetUrl(message)).searchParams.get("resetToken");
  if (!token) throw new Error("Reset link has an empty resetToken");
  return token;
}
