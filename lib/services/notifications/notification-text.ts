import type { NotificationKind } from "@/lib/catalogue/enums";

export interface NotificationTextInput {
  kind: NotificationKind;
  /** The actor's username; null for the review's decisions and deleted accounts. */
  actor: string | null;
  postTitle: string;
  detail: string | null;
}

const quoted = (title: string) => `“${title.trim() || "Untitled project"}”`;

/** A notification in words: the same sentence in the app and in the e-mail digest. */
export function notificationText({ kind, actor, postTitle, detail }: NotificationTextInput): string {
  const who = actor ? `@${actor}` : "Someone";
  const title = quoted(postTitle);
  switch (kind) {
    case "followed-maker-published":
      return `${who} published ${title}`;
    case "comment-on-your-project":
      return `${who} commented on ${title}`;
    case "make-on-your-project":
      return `${who} posted a make of ${title}`;
    case "remix-of-your-project":
      return detail
        ? `${who} remixed your project ${quoted(detail)} as ${title}`
        : `${who} published a remix of your project: ${title}`;
    case "project-approved":
      return `${title} was approved and is now public`;
    case "project-rejected":
      return detail
        ? `${title} was sent back by the review: ${detail}`
        : `${title} was sent back by the review`;
    case "downloaded-project-updated":
      return `${title}, which you downloaded, has new files`;
  }
}
