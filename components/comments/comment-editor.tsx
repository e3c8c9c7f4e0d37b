"use client";

import { Placeholder } from "@tiptap/extensions";
import { type Editor, EditorContent, type FocusPosition, useEditor, useEditorState } from "@tiptap/react";
import { useEffect } from "react";
import StarterKit from "@tiptap/starter-kit";
import { safeLink } from "@/lib/comments/delta";
import { cn } from "@/lib/utils/cn";
import {
  contentClasses,
  editorFrameClasses,
  LinkGlyph,
  TOOLBAR,
  toolbarClasses,
  toolClasses,
} from "./comment-editor-placeholder";

/** Tiptap with bold, italic, underline and link only (StarterKit 3 brings Link and Underline). */
export function useCommentEditor(
  onChange: () => void,
  { autofocus = false }: { autofocus?: FocusPosition } = {},
): Editor | null {
  return useEditor({
    immediatelyRender: false,
    autofocus,
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
        class: contentClasses,
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
      className={cn(toolClasses, isActive && "bg-brand-50 text-brand-800", className)}
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
    <div className={editorFrameClasses(invalid)}>
      <div role="toolbar" aria-label="Formatting" className={toolbarClasses}>
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
          <LinkGlyph />
        </ToolbarButton>
      </div>
      <EditorContent
        editor={editor}
        className="[&_.is-editor-empty:first-child::before]:pointer-events-none [&_.is-editor-empty:first-child::before]:float-left [&_.is-editor-empty:first-child::before]:h-0 [&_.is-editor-empty:first-child::before]:text-ink-subtle [&_.is-editor-empty:first-child::before]:content-[attr(data-placeholder)]"
      />
    </div>
  );
}

/**
 * The editor with its toolbar as one lazily imported piece (comments-section.tsx): it takes the
 * focus when it appears, in place of the placeholder that was clicked, and hands its editor up.
 */
export function CommentEditorField({
  invalid,
  onChange,
  onReady,
}: {
  invalid: boolean;
  onChange: () => void;
  onReady: (editor: Editor | null) => void;
}) {
  const editor = useCommentEditor(onChange, { autofocus: "end" });
  useEffect(() => {
    onReady(editor);
    return () => onReady(null);
  }, [editor, onReady]);
  return <CommentEditor editor={editor} invalid={invalid} />;
}
