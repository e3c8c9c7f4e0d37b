import "server-only";
import { formatBytes } from "@/lib/utils/format";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { AppError } from "@/lib/errors";
import type { ObjectBody } from "./types";

/** Node stream -> web stream; cancelling the web stream destroys the Node one (closing its file). */
export function toWebStream(readable: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(readable);
}

export function toNodeReadable(body: ObjectBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body]);
  return new Readable().wrap(body);
}

export function bodyByteLength(body: ObjectBody): number | undefined {
  return body instanceof Uint8Array ? body.byteLength : undefined;
}

/** The body's exact byte count must equal a declared Content-Length. */
export function assertDeclaredLength(actual: number, declared: number | undefined): void {
  if (declared !== undefined && actual !== declared) {
    throw new AppError("VALIDATION", `The body has ${actual} bytes, but ${declared} were declared.`);
  }
}

export function assertValidContentLength(contentLength: unknown): number | undefined {
  if (contentLength === undefined) return undefined;
  if (typeof contentLength !== "number" || !Number.isSafeInteger(contentLength) || contentLength < 0) {
    throw new AppError("VALIDATION", "The content length must be a whole number of bytes.");
  }
  return contentLength;
}

/**
 * Passes bytes through and counts them; fails the stream as soon as it passes `declared`, and at
 * its end when it fell short. `bytes()` is the running total.
 */
export function byteCounter(declared: number | undefined): Transform & { bytes(): number } {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      total += chunk.byteLength;
      if (declared !== undefined && total > declared) {
        callback(new AppError("VALIDATION", `The body is longer than the declared ${declared} bytes.`));
        return;
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      try {
        assertDeclaredLength(total, declared);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  return Object.assign(counter, { bytes: () => total });
}

/**
 * A request body (web stream) as a Node stream that fails with PAYLOAD_TOO_LARGE once more than
 * `maxBytes` arrived, so an upload is cut off while streaming rather than after it hit the disk.
 */
export function limitedNodeStream(body: ReadableStream<Uint8Array> | null, maxBytes: number): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (!body) return;
    const reader = body.getReader();
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        total += value.byteLength;
        if (total > maxBytes) {
          throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${formatBytes(maxBytes)}.`);
        }
        yield value;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
