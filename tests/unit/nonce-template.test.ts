import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createNonce } from "@/lib/http/security-headers";
import { bodyWithNonce, nonceTemplate } from "@/lib/guest-pages/nonce-template";

const WORDS = [
  "walnut",
  "pocket",
  "v-carve",
  "endmill",
  "1/4in",
  "profile",
  "sign",
  "oak",
  "laser",
  "clamp",
  "fixture",
];

/** A page shaped like Next's: nonced script tags, text between them, the nonce in the RSC payload too. */
function page(nonce: string): string {
  const parts = ["<!DOCTYPE html><html><head>"];
  for (let index = 0; index < 40; index += 1) {
    parts.push(
      `<script src="/_next/static/chunks/${randomBytes(6).toString("hex")}.js" nonce="${nonce}" async></script>`,
    );
    const words = Array.from({ length: 30 * index }, (_, word) => WORDS[(word * 7 + index) % WORDS.length]);
    parts.push(
      `<div class="card"><p>${words.join(" ")}</p><span>${randomBytes(8).toString("hex")}</span></div>`,
    );
  }
  parts.push(
    `<script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></html>`,
  );
  return parts.join("");
}

describe("nonce templates of stored pages (lib/guest-pages/nonce-template.ts)", () => {
  it("writes a fresh nonce into every copy of a gzipped page, with a valid gzip trailer", () => {
    const stored = createNonce();
    const html = page(stored);
    const template = nonceTemplate(gzipSync(html), "gzip", stored);
    expect(template).not.toBeNull();
    expect(template!.slots).toHaveLength(42);
    for (const nonce of [createNonce(), createNonce(), stored]) {
      // gunzip checks the CRC-32 and the length of the trailer.
      const text = gunzipSync(bodyWithNonce(template!, nonce)).toString();
      expect(text).toBe(html.replaceAll(stored, nonce));
    }
  });

  it("costs at most a few dozen bytes per copy of the nonce over one gzip stream", () => {
    const stored = createNonce();
    const compressed = gzipSync(page(stored));
    const template = nonceTemplate(compressed, "gzip", stored)!;
    expect(template.body.length).toBeLessThan(compressed.length * 1.05 + 64 * template.slots.length);
  });

  it("writes the nonce into an uncompressed page, and leaves a page without it unchanged", () => {
    const stored = createNonce();
    const fresh = createNonce();
    const html = page(stored);
    expect(bodyWithNonce(nonceTemplate(Buffer.from(html), "", stored)!, fresh).toString()).toBe(
      html.replaceAll(stored, fresh),
    );
    const plain = Buffer.from("<html>no scripts</html>");
    expect(bodyWithNonce(nonceTemplate(gzipSync(plain), "gzip", stored)!, fresh)).toSatisfy((body: Buffer) =>
      gunzipSync(body).equals(plain),
    );
  });

  it("refuses what it cannot template: other encodings, broken gzip, a zero byte", () => {
    const stored = createNonce();
    expect(nonceTemplate(Buffer.from("x"), "deflate", stored)).toBeNull();
    expect(nonceTemplate(Buffer.from("not gzip"), "gzip", stored)).toBeNull();
    expect(nonceTemplate(gzipSync(`a\u0000b nonce="${stored}"`), "gzip", stored)).toBeNull();
  });
});
