/**
 * Comments are stored as Quill-style deltas (`{ ops: [{ insert, attributes? }] }`) in a JSON
 * string, as the spec says. This module is the one place that reads them: it sanitises what a
 * client sends (only text, bold / italic / underline and http(s) or mailto links survive; colour,
 * background, embeds and anything else are dropped), extracts the plain text, and converts between
 * deltas and the Tiptap editor's JSON in both directions. Pure functions, shared by server and UI.
 */

export interface DeltaAttributes {
  bold?: true;
  italic?: true;
  underline?: true;
  link?: string;
}

export interface DeltaOp {
  insert: string;
  attributes?: DeltaAttributes;
}

export interface Delta {
  ops: DeltaOp[];
}

/** A run of text with its formatting, as rendered inside one paragraph. */
export interface DeltaSpan {
  text: string;
  attributes: DeltaAttributes;
}

export const MAX_COMMENT_TEXT_LENGTH = 5000;
const ALLOWED_LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The link itself when it is an absolute http(s) or mailto URL, else null (no javascript:, data:, ...). */
export function safeLink(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > 2000) return null;
  try {
    const url = new URL(trimmed);
    return ALLOWED_LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function sanitiseAttributes(raw: unknown): DeltaAttributes | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const source = raw as Record<string, unknown>;
  const attributes: DeltaAttributes = {};
  if (source.bold === true) attributes.bold = true;
  if (source.italic === true) attributes.italic = true;
  if (source.underline === true) attributes.underline = true;
  const link = safeLink(source.link);
  if (link) attributes.link = link;
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

const sameAttributes = (a: DeltaAttributes | undefined, b: DeltaAttributes | undefined) =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * A clean delta from anything: a delta object, or null when the input is not a delta at all.
 * Non-text inserts are dropped, neighbours with equal formatting merged, and the document ends
 * with "\n" like every Quill document.
 */
export function sanitiseDelta(input: unknown): Delta | null {
  if (typeof input !== "object" || input === null) return null;
  const rawOps = (input as { ops?: unknown }).ops;
  if (!Array.isArray(rawOps)) return null;
  const ops: DeltaOp[] = [];
  for (const rawOp of rawOps) {
    if (typeof rawOp !== "object" || rawOp === null) continue;
    const insert = (rawOp as { insert?: unknown }).insert;
    if (typeof insert !== "string" || insert === "") continue;
    // Control characters other than newline and tab never belong in a comment.
    const text = insert.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
    if (text === "") continue;
    const attributes = sanitiseAttributes((rawOp as { attributes?: unknown }).attributes);
    const previous = ops[ops.length - 1];
    if (previous && sameAttributes(previous.attributes, attributes)) {
      previous.insert += text;
    } else {
      ops.push(attributes ? { insert: text, attributes } : { insert: text });
    }
  }
  const last = ops[ops.length - 1];
  if (!last || !last.insert.endsWith("\n")) {
    if (last && last.attributes === undefined) last.insert += "\n";
    else ops.push({ insert: "\n" });
  }
  return { ops };
}

/** Parses a stored or submitted delta JSON string; null when it is not JSON or not a delta. */
export function parseDelta(json: string): Delta | null {
  try {
    return sanitiseDelta(JSON.parse(json) as unknown);
  } catch {
    return null;
  }
}

export function deltaToPlainText(delta: Delta): string {
  return delta.ops
    .map((op) => op.insert)
    .join("")
    .trim();
}

/** True when the delta has no visible text (no content, or only blank lines). */
export function isDeltaEmpty(delta: Delta): boolean {
  return deltaToPlainText(delta) === "";
}

/** Paragraphs of formatted spans, for rendering without raw HTML. Trailing empty lines are dropped. */
export function deltaToParagraphs(delta: Delta): DeltaSpan[][] {
  const paragraphs: DeltaSpan[][] = [[]];
  for (const op of delta.ops) {
    const lines = op.insert.split("\n");
    lines.forEach((line, index) => {
      if (index > 0) paragraphs.push([]);
      if (line !== "")
        paragraphs[paragraphs.length - 1]!.push({ text: line, attributes: op.attributes ?? {} });
    });
  }
  while (paragraphs.length > 1 && paragraphs[paragraphs.length - 1]!.length === 0) paragraphs.pop();
  return paragraphs;
}

// --- Tiptap (ProseMirror JSON) ------------------------------------------------------------------

export interface TiptapMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface TiptapNode {
  type: string;
  text?: string;
  marks?: TiptapMark[];
  attrs?: Record<string, unknown>;
  content?: TiptapNode[];
}

function marksToAttributes(marks: TiptapMark[] | undefined): DeltaAttributes | undefined {
  const attributes: DeltaAttributes = {};
  for (const mark of marks ?? []) {
    if (mark.type === "bold") attributes.bold = true;
    else if (mark.type === "italic") attributes.italic = true;
    else if (mark.type === "underline") attributes.underline = true;
    else if (mark.type === "link") {
      const link = safeLink(mark.attrs?.href);
      if (link) attributes.link = link;
    }
  }
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

const BLOCK_TYPES = new Set(["paragraph", "heading", "listItem", "blockquote", "codeBlock"]);

function collectInline(node: TiptapNode, ops: DeltaOp[]): void {
  if (node.type === "text") {
    if (!node.text) return;
    const attributes = marksToAttributes(node.marks);
    ops.push(attributes ? { insert: node.text, attributes } : { insert: node.text });
    return;
  }
  if (node.type === "hardBreak") {
    ops.push({ insert: "\n" });
    return;
  }
  for (const child of node.content ?? []) collectInline(child, ops);
  // Each paragraph-like block ends with a newline, as in Quill.
  if (BLOCK_TYPES.has(node.type) && !(node.content ?? []).some((child) => BLOCK_TYPES.has(child.type))) {
    ops.push({ insert: "\n" });
  }
}

/** The editor's document as a sanitised delta. */
export function tiptapToDelta(doc: TiptapNode): Delta {
  const ops: DeltaOp[] = [];
  collectInline(doc, ops);
  return sanitiseDelta({ ops }) ?? { ops: [{ insert: "\n" }] };
}

/** A delta as the editor's document: one paragraph per line, marks from the attributes. */
export function deltaToTiptap(delta: Delta): TiptapNode {
  return {
    type: "doc",
    content: deltaToParagraphs(delta).map((spans) => ({
      type: "paragraph",
      ...(spans.length
        ? {
            content: spans.map((span) => {
              const marks: TiptapMark[] = [];
              if (span.attributes.bold) marks.push({ type: "bold" });
              if (span.attributes.italic) marks.push({ type: "italic" });
              if (span.attributes.underline) marks.push({ type: "underline" });
              if (span.attributes.link) marks.push({ type: "link", attrs: { href: span.attributes.link } });
              return { type: "text", text: span.text, ...(marks.length ? { marks } : {}) };
            }),
          }
        : {}),
    })),
  };
}
