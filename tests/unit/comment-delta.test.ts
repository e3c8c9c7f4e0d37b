import { describe, expect, it } from "vitest";
import {
  deltaToParagraphs,
  deltaToPlainText,
  deltaToTiptap,
  isDeltaEmpty,
  parseDelta,
  safeLink,
  sanitiseDelta,
  tiptapToDelta,
} from "@/lib/comments/delta";

describe("safeLink", () => {
  it.each([
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["http://example.com", "http://example.com/"],
    ["mailto:someone@example.com", "mailto:someone@example.com"],
    ["  https://example.com/x  ", "https://example.com/x"],
  ])("keeps %s", (input, expected) => {
    expect(safeLink(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "/relative/path",
    "example.com",
    "",
    42,
    null,
  ])("drops %j", (input) => {
    expect(safeLink(input)).toBeNull();
  });
});

describe("sanitiseDelta", () => {
  it("keeps bold, italic, underline and safe links; strips colour, background and other attributes", () => {
    expect(
      sanitiseDelta({
        ops: [
          { insert: "a", attributes: { bold: true, color: "#f00", background: "#000", font: "serif" } },
          { insert: "b", attributes: { link: "javascript:alert(1)" } },
          { insert: "c", attributes: { underline: true, italic: true, link: "https://x.test/" } },
          { insert: "\n", attributes: { header: 1 } },
        ],
      }),
    ).toEqual({
      ops: [
        { insert: "a", attributes: { bold: true } },
        { insert: "b" },
        { insert: "c", attributes: { italic: true, underline: true, link: "https://x.test/" } },
        { insert: "\n" },
      ],
    });
  });

  it("drops embeds and control characters, merges equal neighbours and ends with a newline", () => {
    expect(
      sanitiseDelta({
        ops: [{ insert: "one " }, { insert: { image: "x.png" } }, { insert: "two\u0007\r\nthree" }],
      }),
    ).toEqual({ ops: [{ insert: "one two\nthree\n" }] });
  });

  it("refuses what is not a delta", () => {
    expect(sanitiseDelta("text")).toBeNull();
    expect(sanitiseDelta({ ops: "x" })).toBeNull();
    expect(parseDelta("{not json")).toBeNull();
    expect(parseDelta('{"ops":[{"insert":"hi\\n"}]}')).toEqual({ ops: [{ insert: "hi\n" }] });
  });
});

describe("emptiness and plain text", () => {
  it.each([[[]], [[{ insert: "\n" }]], [[{ insert: "  \n \n" }]]])("%j is empty", (ops) => {
    expect(isDeltaEmpty(sanitiseDelta({ ops })!)).toBe(true);
  });

  it("extracts the trimmed text", () => {
    expect(
      deltaToPlainText({ ops: [{ insert: " Hello " }, { insert: "world\n", attributes: { bold: true } }] }),
    ).toBe("Hello world");
  });
});

describe("Tiptap conversion", () => {
  const doc = {
    type: "doc",
    content: [
      {
        type: "paragraph",
        content: [
          { type: "text", text: "Nice ", marks: [{ type: "bold" }] },
          { type: "text", text: "cut", marks: [{ type: "link", attrs: { href: "https://example.com/" } }] },
        ],
      },
      {
        type: "paragraph",
        content: [{ type: "text", text: "Second", marks: [{ type: "textStyle", attrs: { color: "red" } }] }],
      },
    ],
  };

  it("turns the editor's document into a delta, one newline per paragraph", () => {
    expect(tiptapToDelta(doc)).toEqual({
      ops: [
        { insert: "Nice ", attributes: { bold: true } },
        { insert: "cut", attributes: { link: "https://example.com/" } },
        { insert: "\nSecond\n" },
      ],
    });
  });

  it("round-trips through the delta", () => {
    const back = deltaToTiptap(tiptapToDelta(doc));
    expect(back.content?.[0]?.content?.map((node) => node.text)).toEqual(["Nice ", "cut"]);
    expect(back.content?.[1]).toEqual({ type: "paragraph", content: [{ type: "text", text: "Second" }] });
  });

  it("drops unsafe links coming from the editor", () => {
    const delta = tiptapToDelta({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:void(0)" } }] },
          ],
        },
      ],
    });
    expect(delta).toEqual({ ops: [{ insert: "x\n" }] });
  });

  it("renders paragraphs of spans", () => {
    expect(
      deltaToParagraphs({ ops: [{ insert: "a\n\nb", attributes: { italic: true } }, { insert: "\n" }] }),
    ).toEqual([
      [{ text: "a", attributes: { italic: true } }],
      [],
      [{ text: "b", attributes: { italic: true } }],
    ]);
  });
});
