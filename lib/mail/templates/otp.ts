import type { MailContent } from "../types";
import { formatMinutesInWords } from "@/lib/utils/format";
import { renderEmail, SITE_NAME } from "./layout";

export interface OtpEmailInput {
  username: string;
  /** Six characters, A-Z and 0-9; tests and readers find it as the only such line of the text. */
  code: string;
  expiresInMinutes?: number;
}

const OTP_PATTERN = /^[A-Z0-9]{6}$/;

export function otpEmail({ username, code, expiresInMinutes = 10 }: OtpEmailInput): MailContent {
  if (!OTP_PATTERN.test(code)) {
    throw new Error("An OTP must be 6 characters of A-Z and 0-9");
  }
  const expiry = formatMinutesInWords(expiresInMinutes);
  return renderEmail({
    subject: `Your ${SITE_NAME} verification code`,
    preheader: `Your verification code expires in ${expiry}.`,
    greeting: `Hi ${username},`,
    blocks: [
      { type: "paragraph", text: `Enter this code on ${SITE_NAME} to verify your e-mail address:` },
      { type: "code", code },
      { type: "paragraph", text: `The code expires in ${expiry}. Never share it with anyone.` },
      {
        type: "paragraph",
        text: `If you did not sign up for ${SITE_NAME}, you can ignore this e-mail.`,
      },
    ],
    footer: `You received this e-mail because this address was used to sign up on ${SITE_NAME}.`,
  });
}
