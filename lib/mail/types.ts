/** Every kind of message the site sends; the outbox file and Resend tags carry it. */
export const MAIL_KINDS = [
  "otp",
  "password-reset",
  "review-submitted",
  // A reviewer's decisions on a pending project (lib/services/review).
  "post-approved",
  "post-rejected",
  // The daily digest of unread notifications (lib/services/notifications).
  "notification-digest",
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
}

/** What a template returns; the caller adds `to` and `kind`. */
export type MailContent = Pick<MailMessage, "subject" | "text" | "html">;

export type MailDriver = "outbox" | "resend";

export interface Mailer {
  readonly driver: MailDriver;
  send(message: MailMessage): Promise<{ id: string }>;
}
