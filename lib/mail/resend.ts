import "server-only";
import { Resend } from "resend";
import type { MailKind, Mailer } from "./types";
import { assertValidMessage } from "./validate";

export const DEFAULT_RESEND_BASE_URL = "https://api.resend.com";

export interface ResendMailerOptions {
  apiKey: string;
  from: string;
  /** RESEND_BASE_URL; a local fake in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Resend refused or could not be reached; `statusCode` is null when no HTTP answer arrived. */
export class MailDeliveryError extends Error {
  readonly kind: MailKind;
  readonly statusCode: number | null;
  readonly reason: string;

  constructor(kind: MailKind, reason: string, statusCode: number | null, detail: string) {
    const status = statusCode === null ? "no answer" : `HTTP ${statusCode}`;
    super(`Resend did not send the "${kind}" e-mail: ${reason} (${status}): ${detail}`);
    this.name = "MailDeliveryError";
    this.kind = kind;
    this.reason = reason;
    this.statusCode = statusCode;
  }
}

export function createResendMailer({
  apiKey,
  from,
  baseUrl = DEFAULT_RESEND_BASE_URL,
  timeoutMs = 15_000,
}: ResendMailerOptions): Mailer {
  // The client joins base URL and path with no separator: "http://host/" + "/emails" would 404.
  const client = new Resend(apiKey, { baseUrl: baseUrl.replace(/\/+$/, "") });

  return {
    driver: "resend",
    async send(input) {
      const message = assertValidMessage(input);
      const { data, error } = await client.emails.send(
        {
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          tags: [{ name: "kind", value: message.kind }],
        },
        { signal: AbortSignal.timeout(timeoutMs) },
      );
      if (error) {
        throw new MailDeliveryError(message.kind, error.name, error.statusCode, error.message);
      }
      if (!data?.id) {
        throw new MailDeliveryError(
          message.kind,
          "invalid_response",
          null,
          "the answer carried no message id",
        );
      }
      return { id: data.id };
    },
  };
}
