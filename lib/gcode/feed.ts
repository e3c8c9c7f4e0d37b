import type { GcodeParser } from "./parser";

/** Bytes in any of the shapes the server meets: a buffer, a web stream or a Node stream. */
export type GcodeInput = Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Pushes every chunk of the input into the parser, chunk by chunk (memory stays bounded). */
export async function feedParser(parser: GcodeParser, input: GcodeInput): Promise<void> {
  if (input instanceof Uint8Array) {
    parser.push(input);
  } else if ("getReader" in input) {
    const reader = input.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } finally {
      reader.releaseLock();
    }
  } else {
    for await (const chunk of input) parser.push(chunk);
  }
}
