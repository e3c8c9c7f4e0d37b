import { deltaToParagraphs, parseDelta, safeLink } from "@/lib/comments/delta";
import { cn } from "@/lib/utils/cn";

/** A stored delta rendered as React elements: no raw HTML, links only when http(s) or mailto. */
export function CommentBody({ comment }: { comment: string }) {
  const delta = parseDelta(comment);
  if (!delta) return null;
  return (
    <div className="space-y-1 text-sm break-words text-ink">
      {deltaToParagraphs(delta).map((spans, paragraph) => (
        <p key={paragraph} className="min-h-[1lh]">
          {spans.map((span, index) => {
            const className = cn(
              span.attributes.bold && "font-semibold",
              span.attributes.italic && "italic",
              span.attributes.underline && "underline",
            );
            const link = span.attributes.link ? safeLink(span.attributes.link) : null;
            return link ? (
              <a
                key={index}
                href={link}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className={cn(className, "text-brand-700 underline")}
              >
                {span.text}
              </a>
            ) : (
              <span key={index} className={className || undefined}>
                {span.text}
              </span>
            );
          })}
        </p>
      ))}
    </div>
  );
}
