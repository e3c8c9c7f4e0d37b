"use client";

// Tiptap is the heaviest part of the project page, so it loads only when a signed-in user starts
// a comment (comments-section.tsx). Until then this placeholder stands in for it; the pieces below
// are shared with the editor so that the box does not move when the editor replaces it.
export const TOOLBAR = [
  { mark: "bold", label: "Bold", glyph: "B", className: "font-bold" },
  { mark: "italic", label: "Italic", glyph: "I", className: "italic font-serif" },
  { mark: "underline", label: "Underline", glyph: "U", className: "underline" },
] as const;

export const toolbarClasses = "flex gap-1 border-b border-line px-2 py-1";
export const toolClasses =
  "flex size-8 items-center justify-center rounded-md text-sm text-ink-muted hover:bg-ink/5 hover:text-ink";
export const contentClasses =
  "min-h-24 px-3 py-2 text-sm outline-none [&_a]:text-brand-700 [&_a]:underline [&_p]:my-1";

export function editorFrameClasses(invalid: boolean): string {
  return `rounded-xl border bg-surface focus-within:ring-2 focus-within:ring-brand-500/40 ${
    invalid ? "border-red-600" : "border-line-strong"
  }`;
}

export function LinkGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}

/**
 * The comment box before Tiptap has loaded: the same frame, an inert toolbar and the editor's
 * placeholder text. A click or a key press in it calls onActivate; focusing it calls onFocus.
 */
export function CommentEditorPlaceholder({
  invalid,
  isLoading = false,
  onActivate,
  onFocus,
}: {
  invalid: boolean;
  /** The editor was asked for and is on its way: the box says so to assistive technology. */
  isLoading?: boolean;
  onActivate: () => void;
  onFocus?: () => void;
}) {
  return (
    <div className={editorFrameClasses(invalid)} aria-busy={isLoading}>
      <div aria-hidden="true" className={toolbarClasses}>
        {TOOLBAR.map((tool) => (
          <span key={tool.mark} className={`${toolClasses} ${tool.className}`}>
            {tool.glyph}
          </span>
        ))}
        <span className={toolClasses}>
          <LinkGlyph />
        </span>
      </div>
      <div
        role="textbox"
        aria-label="Write a comment"
        aria-multiline="true"
        tabIndex={0}
        onFocus={onFocus}
        onPointerDown={onActivate}
        onKeyDown={(event) => {
          // A printable key or Enter starts writing; Tab and the modifiers only move through the page.
          if (event.key === "Enter" || event.key.length === 1) onActivate();
        }}
        className={`cursor-text ${contentClasses}`}
      >
        <p className="text-ink-subtle">Write a comment</p>
      </div>
    </div>
  );
}
