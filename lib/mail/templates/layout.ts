import type { MailContent } from "../types";

/** The site's name wherever an e-mail names it. */
export const SITE_NAME = "CNC Projects";

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MONO = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";
const COLOR = {
  page: "#f4f4f5",
  card: "#ffffff",
  border: "#e4e4e7",
  heading: "#18181b",
  body: "#27272a",
  muted: "#52525b",
  // White on this blue is 6.7:1, above WCAG AA for the button label.
  accent: "#1d4ed8",
} as const;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Safe in element content and in double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Collapses line breaks and other control characters into one space. A value that spans lines
 * could forge a line of the plain-text part (for example a fake code line) or break a subject.
 */
export function singleLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/** Returns the URL unchanged if it is absolute http(s); throws otherwise (javascript:, data:, relative). */
export function assertHttpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`E-mail link is not an absolute URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`E-mail link must use http or https, got ${url.protocol}`);
  }
  if (/\s/.test(value)) {
    throw new Error("E-mail link must not contain whitespace");
  }
  return value;
}

/** Shortens a user-chosen value for a subject line. */
export function truncate(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** Content blocks render to both parts, so the plain text always says what the HTML says. */
export type EmailBlock =
  | { type: "paragraph"; text: string }
  /** A code the reader types in: alone on its own line in the text part. */
  | { type: "code"; code: string }
  /** A call to action: a button in HTML, the bare URL on its own line in text. */
  | { type: "button"; label: string; url: string };

export interface EmailInput {
  subject: string;
  /** Inbox preview line; hidden in the HTML body. */
  preheader: string;
  greeting: string;
  blocks: EmailBlock[];
  /** Why the reader got this e-mail. */
  footer: string;
}

const SIGN_OFF = `The ${SITE_NAME} team`;

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return singleLine(block.text);
    case "code":
      return singleLine(block.code);
    case "button":
      return `${singleLine(block.label)}:\n${assertHttpUrl(block.url)}`;
  }
}

function blockHtml(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return `<p style="margin:0 0 16px;">${escapeHtml(singleLine(block.text))}</p>`;
    case "code":
      return (
        `<p style="margin:0 0 16px;padding:16px;background-color:${COLOR.page};border-radius:6px;` +
        `text-align:center;font-family:${MONO};font-size:32px;line-height:40px;font-weight:700;` +
        `letter-spacing:6px;color:${COLOR.heading};">${escapeHtml(singleLine(block.code))}</p>`
      );
    case "button": {
      const href = escapeHtml(assertHttpUrl(block.url));
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">` +
        `<tr><td style="border-radius:6px;background-color:${COLOR.accent};">` +
        `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;` +
        `font-family:${FONT};font-size:16px;font-weight:600;line-height:24px;color:#ffffff;` +
        `text-decoration:none;border-radius:6px;">${escapeHtml(singleLine(block.label))}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${COLOR.muted};">` +
        `If the button does not work, copy this link into your browser:<br>` +
        `<a href="${href}" target="_blank" rel="noopener" style="color:${COLOR.accent};word-break:break-all;">${href}</a></p>`
      );
    }
  }
}

/** Builds subject, plain text and HTML from one description. */
export function renderEmail(input: EmailInput): MailContent {
  const subject = singleLine(input.subject);

  const text = [
    singleLine(input.greeting),
    ...input.blocks.map(blockText),
    `— ${SIGN_OFF}`,
    singleLine(input.footer),
  ].join("\n\n");

  const html = `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOR.page};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;" aria-hidden="true">${escapeHtml(singleLine(input.preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOR.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${COLOR.card};border:1px solid ${COLOR.border};border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${COLOR.border};font-family:${FONT};font-size:20px;line-height:28px;font-weight:700;color:${COLOR.heading};">${escapeHtml(SITE_NAME)}</td></tr>
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:24px;color:${COLOR.body};">
<p style="margin:0 0 16px;">${escapeHtml(singleLine(input.greeting))}</p>
${input.blocks.map(blockHtml).join("\n")}
<p style="margin:24px 0 0;">— ${escapeHtml(SIGN_OFF)}</p>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid ${COLOR.border};font-family:${FONT};font-size:12px;line-height:18px;color:${COLOR.muted};">${escapeHtml(singleLine(input.footer))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject, text, html };
}
