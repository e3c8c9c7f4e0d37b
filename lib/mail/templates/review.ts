import type { MailContent } from "../types";
import { renderEmail, SITE_NAME, truncate } from "./layout";

export interface ReviewEmailInput {
  username: string;
  projectTitle: string;
  /** The project's page, e.g. `${PUBLIC_BASE_URL}/model/<id>`. */
  projectUrl: string;
}

const SUBJECT_TITLE_MAX = 60;
const FOOTER = `You received this e-mail because you shared a project on ${SITE_NAME}.`;

/** Sent when the author submits a project (it becomes "Pending for Review"). */
export function projectSubmittedForReviewEmail({
  username,
  projectTitle,
  projectUrl,
}: ReviewEmailInput): MailContent {
  return renderEmail({
    subject: `Your project "${truncate(projectTitle, SUBJECT_TITLE_MAX)}" was submitted for review`,
    preheader: "Your project will be published once the review is done.",
    greeting: `Hi ${username},`,
    blocks: [
      {
        type: "paragraph",
        text: `Thank you for sharing "${projectTitle}" with the ${SITE_NAME} community. It has been submitted for review.`,
      },
      { type: "paragraph", text: "Your project will be published once the review is done." },
      {
        type: "paragraph",
        text: "Until then it is listed under 'Pending for Review' on your profile.",
      },
      { type: "button", label: "View your project", url: projectUrl },
    ],
    footer: FOOTER,
  });
}

/** Sent when a reviewer approves a project and it becomes public. */
export function projectPublishedEmail({ username, projectTitle, projectUrl }: ReviewEmailInput): MailContent {
  return renderEmail({
    subject: `Your project "${truncate(projectTitle, SUBJECT_TITLE_MAX)}" is published`,
    preheader: "Your project passed review and is now public.",
    greeting: `Hi ${username},`,
    blocks: [
      {
        type: "paragraph",
        text: `Good news: "${projectTitle}" passed review and is now public on ${SITE_NAME}.`,
      },
      {
        type: "paragraph",
        text: "Makers can now find it, download its files and share the makes they carve from it.",
      },
      { type: "button", label: "View your project", url: projectUrl },
    ],
    footer: FOOTER,
  });
}

/** Sent when a reviewer sends a project back to draft; the reviewer's reason is quoted in full. */
export function projectRejectedEmail({
  username,
  projectTitle,
  projectUrl,
  reason,
}: ReviewEmailInput & { reason: string }): MailContent {
  return renderEmail({
    subject: `Your project "${truncate(projectTitle, SUBJECT_TITLE_MAX)}" needs changes before it is published`,
    preheader: "A reviewer sent your project back with a note.",
    greeting: `Hi ${username},`,
    blocks: [
      {
        type: "paragraph",
        text: `Thank you for sharing "${projectTitle}". A reviewer looked at it and sent it back to your drafts with this note:`,
      },
      { type: "paragraph", text: `Reason: ${reason}` },
      {
        type: "paragraph",
        text: "Open the project, make the changes and submit it again; it will be reviewed once more.",
      },
      { type: "button", label: "Edit your project", url: projectUrl },
    ],
    footer: FOOTER,
  });
}
