import "server-only";
import path from "node:path";
import { env, type Env } from "@/lib/env";
import { createOutboxMailer } from "./outbox";
import { createResendMailer } from "./resend";
import type { MailDriver, MailMessage, Mailer } from "./types";

type MailEnv = Pick<Env, "MAIL_DRIVER" | "RESEND_API_KEY">;

/** MAIL_DRIVER when set; otherwise Resend once an API key exists; otherwise the local outbox. */
export function selectMailDriver(config: MailEnv): MailDriver {
  if (config.MAIL_DRIVER) return config.MAIL_DRIVER;
  return config.RESEND_API_KEY ? "resend" : "outbox";
}

/** MAIL_OUTBOX_DIR, else `<DATA_DIR>/outbox`, as an absolute path. */
export function resolveOutboxDir(config: Pick<Env, "MAIL_OUTBOX_DIR" | "DATA_DIR">): string {
  return path.resolve(
    /*turbopackIgnore: true*/ config.MAIL_OUTBOX_DIR ?? path.join(config.DATA_DIR, "outbox"),
  );
}

export function createMailer(
  config: Pick<
    Env,
    "MAIL_DRIVER" | "RESEND_API_KEY" | "RESEND_BASE_URL" | "MAIL_FROM" | "MAIL_OUTBOX_DIR" | "DATA_DIR"
  >,
): Mailer {
  const driver = selectMailDriver(config);
  if (driver === "outbox") return createOutboxMailer({ dir: resolveOutboxDir(config) });
  if (!config.RESEND_API_KEY) {
    throw new Error("MAIL_DRIVER=resend needs RESEND_API_KEY");
  }
  return createResendMailer({
    apiKey: config.RESEND_API_KEY,
    from: config.MAIL_FROM,
    baseUrl: config.RESEND_BASE_URL,
  });
}

let mailer: Mailer | undefined;

/** One mailer per process, built from env() on first use. */
export function getMailer(): Mailer {
  mailer ??= createMailer(env());
  return mailer;
}

/** For tests that change the environment between cases (call resetEnvCache() too). */
export function resetMailer(): void {
  mailer = undefined;
}

export function sendMail(message: MailMessage): Promise<{ id: string }> {
  return getMailer().send(message);
}
