import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailKind, MailMessage, Mailer } from "./types";
import { assertValidMessage } from "./validate";

/** The file format of DESIGN.md ("Outbox message file"); tests and tools parse exactly this. */
export interface OutboxFile {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  createdAt: string;
}

export interface OutboxMailerOptions {
  dir: string;
  log?: (line: string) => void;
  now?: () => Date;
}

/** `2025-01-02T03:04:05.678Z` -> `2025-01-02T03-04-05-678Z-<hex>.json`: valid on every filesystem, sorts by time. */
export function outboxFileName(createdAt: Date, random: string = randomBytes(6).toString("hex")): string {
  return `${createdAt.toISOString().replace(/[:.]/g, "-")}-${random}.json`;
}

export function createOutboxMailer({
  dir,
  log = (line) => console.info(line),
  now = () => new Date(),
}: OutboxMailerOptions): Mailer {
  // Two messages in the same millisecond would sort by their random suffix; keeping the
  // timestamps strictly increasing within a process keeps name order equal to send order.
  let lastMs = 0;

  return {
    driver: "outbox",
    async send(input) {
      const message: MailMessage = assertValidMessage(input);
      const createdMs = Math.max(now().getTime(), lastMs + 1);
      lastMs = createdMs;
      const createdAt = new Date(createdMs);

      const file: OutboxFile = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: message.kind,
        createdAt: createdAt.toISOString(),
      };
      const name = outboxFileName(createdAt);
      const target = path.join(dir, name);
      // The temp name starts with a dot and does not end in .json, so readers skip it;
      // rename within one directory is atomic, so a reader never sees half a message.
      const temp = path.join(dir, `.${name}.${process.pid}.tmp`);

      await mkdir(dir, { recursive: true });
      try {
        await writeFile(temp, `${JSON.stringify(file, null, 2)}\n`, { encoding: "utf8", flag: "wx" });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }

      log(`[mail] outbox: ${message.kind} to ${message.to} -> ${target}`);
      return { id: name.slice(0, -".json".length) };
    },
  };
}
