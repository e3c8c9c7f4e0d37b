import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GcodeParser, parseGcode } from "@/lib/gcode/parser";
import { compileInterpreter, interpreterModuleSource } from "@/scripts/lib/gcode-core";

/*
 * The WebAssembly core of the parser (lib/gcode/core): the committed binary against its source,
 * and what the JavaScript around it must get right (the input window, lines longer than it, the
 * blocks of segments it copies out, input that is not G-code at all).
 */

const root = path.resolve(__dirname, "../..");

describe("G-code core: the committed WebAssembly", () => {
  it("is what its AssemblyScript source compiles to (run `npm run build:gcode-core` after a change)", async () => {
    const binary = await compileInterpreter(root);
    const committed = readFileSync(path.join(root, "lib/gcode/core/interpreter-wasm.ts"), "utf8");
    expect(committed).toBe(interpreterModuleSource(binary));
  }, 60_000);
});

/** Parses `text` pushed in pieces of `size` bytes. */
function parseInPieces(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const parser = new GcodeParser({ expectedBytes: bytes.length });
  for (let at = 0; at < bytes.length; at += size) parser.push(bytes.subarray(at, at + size));
  return parser.finish();
}

describe("G-code core: input window and output blocks", () => {
  it("reads a line longer than the input window (a 3 MB comment) and the moves around it", () => {
    const long = `(${"x".repeat(3 << 20)})`;
    const text = `G21 G90\nG0 X1\n${long}\nG1 X2 F100\n${long}`;
    for (const size of [1 << 16, 1 << 20, 5 << 20]) {
      const { stats } = parseInPieces(text, size);
      // Four newlines, and the last line (a comment) has none.
      expect(stats.lineCount).toBe(5);
      expect(stats).toMatchObject({ rapidMoves: 1, linearMoves: 1, unknownWords: 0 });
      expect(stats.bounds).toEqual({ min: [0, 0, 0], max: [2, 0, 0] });
    }
  });

  it("copies every block of segments out in order (more segments than one block)", () => {
    // 40,000 one-millimetre moves along X: more than two blocks of 16,384 segments.
    const lines = ["G21 G90 G1 F600"];
    for (let k = 1; k <= 40_000; k++) lines.push(`X${k}`);
    const { stats, toolpath } = parseGcode(`${lines.join("\n")}\n`, { expectedBytes: 64 });
    expect(stats.segmentCount).toBe(40_000);
    const { vertices, lines: sourceLines } = toolpath!;
    expect(vertices.length).toBe(40_001 * 3);
    for (let k = 0; k <= 40_000; k += 997) expect(vertices[k * 3]).toBe(k);
    expect(vertices[40_000 * 3]).toBe(40_000);
    expect(sourceLines[0]).toBe(1);
    expect(sourceLines[39_999]).toBe(40_000);
  });

  it("reads any bytes without failing, the same in every chunking", () => {
    // A fixed pseudo-random sequence: letters, digits, signs, brackets, comment marks, newlines.
    const alphabet = "GXYZIJKRFSMTPNgxyz0123456789.-+ ()[];#$%=<>\n\n\t\r*/";
    let seed = 12345;
    let text = "";
    for (let k = 0; k < 200_000; k++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      text += alphabet[seed % alphabet.length];
    }
    const whole = parseGcode(text);
    expect(whole.stats.lineCount).toBeGreaterThan(1000);
    for (const size of [1, 7, 4096]) {
      const pieces = parseInPieces(text, size);
      expect(pieces.stats).toEqual(whole.stats);
      expect(pieces.toolpath!.vertices).toEqual(whole.toolpath!.vertices);
    }
  });
});
