import type { MailContent } from "../types";
import { formatMinutesInWords } from "@/lib/utils/format";
import { renderEmail, SITE_NAME } from "./layout";

export interface PasswordResetEmailInput {
  username: string;
  /** `${PUBLIC_BASE_URL}/resetPassword?resetToken=...`, built by the caller. */
  resetUrl: string;
  expiresInMinutes?: number;
}

export function passwordResetEmail({
  username,
  resetUrl,
  expiresInMinutes = 60,
}: PasswordResetEmailInput): MailContent {
  const expiry = formatMinutesInWords(expiresInMinutes);
  return renderEmail({
    subject: `Reset your ${SITE_NAME} password`,
    preheader: `Choose a new password. The link expires in ${expiry}.`,
    greeting: `Hi ${username},`,
    blocks: [
      {
        type: "paragraph",
        text: `We received a request to reset the password of your ${SITE_NAME} account. Choose a new password with this link:`,
      },
      { type: "button", label: "Reset password", url: resetUrl },
      { type: "paragraph", text: `The link expires in ${expiry}.` },
      {
        type: "paragraph",
        text: "If you did not ask for a new password, ignore this e-mail: your password stays the same.",
      },
    ],
    footer: `You received this e-mail because a password reset was requested for your ${SITE_NAME} account.`,
  });
}
