"use client";

import { Placeholder } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { safeLink } from "@/lib/comments/delta";
import { cn } from "@/lib/utils/cn";

const TOOLBAR = [
  { mark: "bold", label: "Bold", glyph: "B", className: "font-bold" },
  { mark: "italic", label: "Italic", glyph: "I", className: "italic font-serif" },
  { mark: "underline", label: "Underline", glyph: "U", className: "underline" },
] as const;

/** Tiptap with bold, italic, underline and link only (StarterKit 3 brings Link and Underline). */
export function useCommentEditor(onChange: () => void): Editor | null {
  return useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["http", "https", "mailto"],
          isAllowedUri: (url) => safeLink(url) !== null,
        },
      }),
      Placeholder.configure({ placeholder: "Write a comment" }),
    ],
    editorProps: {
      attributes: {
        "aria-label": "Write a comment",
        role: "textbox",
        "aria-multiline": "true",
        class: "min-h-24 px-3 py-2 text-sm outline-none [&_a]:text-brand-700 [&_a]:underline [&_p]:my-1",
      },
    },
    onUpdate: onChange,
  });
}

function ToolbarButton({
  label,
  isActive,
  onClick,
  children,
  className,
}: {
  label: string;
  isActive: boolean;
  onClick: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isActive}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "flex size-8 items-center justify-center rounded-md text-sm text-ink-muted hover:bg-ink/5 hover:text-ink",
        isActive && "bg-brand-50 text-brand-800",
        className,
      )}
    >
      {children}
    </button>
  );
}

export function CommentEditor({ editor, invalid }: { editor: Editor | null; invalid: boolean }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      underline: current?.isActive("underline") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });

  function onLink() {
    if (!editor) return;
    if (editor.isActive("link")) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    const entered = window.prompt("Link address (https://…)");
    if (entered === null) return;
    const href = safeLink(entered.includes(":") ? entered : `https://${entered}`);
    if (!href) return;
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  }

  return (
    <div
      className={cn(
        "rounded-xl border bg-surface focus-within:ring-2 focus-within:ring-brand-500/40",
        invalid ? "border-red-600" : "border-line-strong",
      )}
    >
      <div role="toolbar" aria-label="Formatting" className="flex gap-1 border-b border-line px-2 py-1">
        {TOOLBAR.map((tool) => (
          <ToolbarButton
            key={tool.mark}
            label={tool.label}
            isActive={active?.[tool.mark] ?? false}
            className={tool.className}
            onClick={() => editor?.chain().focus().toggleMark(tool.mark).run()}
          >
            {tool.glyph}
          </ToolbarButton>
        ))}
        <ToolbarButton label="Link" isActive={active?.link ?? false} onClick={onLink}>
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden
          >
            <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
            <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
          </svg>
        </ToolbarButton>
      </div>
      <EditorContent
        editor={editor}
        className="[&_.is-editor-empty:first-child::before]:pointer-events-none [&_.is-editor-empty:first-child::before]:float-left [&_.is-editor-empty:first-child::before]:h-0 [&_.is-editor-empty:first-child::before]:text-ink-subtle [&_.is-editor-empty:first-child::before]:content-[attr(data-placeholder)]"
      />
    </div>
  );
}
