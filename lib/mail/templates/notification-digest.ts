import type { MailContent } from "../types";
import { renderEmail, SITE_NAME } from "./layout";

export interface DigestEmailInput {
  username: string;
  /** The notices in words, newest first, each with the project's address. */
  items: { text: string; url: string }[];
  /** Where the reader changes what is e-mailed. */
  preferencesUrl: string;
  notificationsUrl: string;
}

/** The daily digest: the unread notifications of the kinds the reader chose to get by e-mail. */
export function notificationDigestEmail({
  username,
  items,
  preferencesUrl,
  notificationsUrl,
}: DigestEmailInput): MailContent {
  const count = items.length;
  return renderEmail({
    subject: `${count} new ${count === 1 ? "notification" : "notifications"} on ${SITE_NAME}`,
    preheader: items[0]?.text ?? "Your notifications",
    greeting: `Hi ${username},`,
    blocks: [
      { type: "paragraph", text: `Here is what happened since your last digest:` },
      ...items.map((item) => ({ type: "paragraph" as const, text: `• ${item.text}: ${item.url}` })),
      { type: "button", label: "See all notifications", url: notificationsUrl },
    ],
    footer: `You receive this digest because you chose e-mail for these notifications. Change that at ${preferencesUrl}`,
  });
}
