import { constants, crc32, deflateRawSync, gunzipSync } from "node:zlib";

/**
 * A stored page whose CSP nonce can be replaced per answer without compressing it again
 * (ADR 014, ADR 022): the guest-page replay answers in about a tenth of a millisecond, and
 * compressing a 170 kB page costs ten times that.
 *
 * Uncompressed, the page is its bytes and the offsets of each copy of the nonce. Gzipped, it is
 * rebuilt once: the text between two copies of the nonce is compressed on its own, and each copy
 * is sent as a stored (uncompressed) deflate block, so its bytes sit at a known offset of the
 * answer. Each piece is compressed with the text before it as its dictionary (nonce bytes zeroed,
 * so no back-reference ever reaches a nonce; a page with a zero byte is not templated), which
 * keeps the page nearly as small as one gzip stream. The gzip trailer's CRC-32 is updated from the
 * nonce's change alone (CRC-32 is linear), so an answer costs one copy of the compressed bytes.
 */
export interface NonceTemplate {
  /** The answer's bytes, with the nonce it was stored with. */
  body: Buffer;
  /** Offsets in `body` of each copy of the nonce. */
  slots: number[];
  nonce: Buffer;
  gzip: {
    /** Offset of the trailer's CRC-32 in `body`. */
    crcOffset: number;
    crc: number;
    /** x^(8 n) mod P summed over the slots, n the bytes after each copy: how a change there moves the CRC. */
    shift: number;
  } | null;
}

/** zlib's window: a dictionary longer than this is never used. */
const WINDOW_BYTES = 32 * 1024;
const EMPTY_STORED_BLOCK_LENGTHS = Buffer.from([0, 0, 0xff, 0xff]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

function offsetsOf(bytes: Buffer, needle: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) {
    offsets.push(at);
  }
  return offsets;
}

/**
 * The template of an answer body in `encoding` ("" for none) holding `nonce`; null when it cannot
 * be templated (another encoding, a zero byte in a gzipped page, a nonce over 65,535 bytes).
 */
export function nonceTemplate(body: Buffer, encoding: string, nonce: string): NonceTemplate | null {
  const nonceBytes = Buffer.from(nonce, "latin1");
  if (nonceBytes.length === 0 || nonceBytes.length > 0xffff) return null;
  if (encoding === "" || encoding === "identity") {
    return { body, slots: offsetsOf(body, nonceBytes), nonce: nonceBytes, gzip: null };
  }
  if (encoding !== "gzip") return null;
  let page: Buffer;
  try {
    page = gunzipSync(body);
  } catch {
    return null;
  }
  if (page.includes(0)) return null;
  const pageSlots = offsetsOf(page, nonceBytes);
  // The text as the compressor may refer to it: every nonce zeroed.
  const referable = Buffer.from(page);
  for (const slot of pageSlots) referable.fill(0, slot, slot + nonceBytes.length);

  const pieces: Buffer[] = [GZIP_HEADER];
  let length = GZIP_HEADER.length;
  const slots: number[] = [];
  let start = 0;
  for (let index = 0; index <= pageSlots.length; index += 1) {
    const isLast = index === pageSlots.length;
    const end = isLast ? page.length : (pageSlots[index] as number);
    const dictionary = referable.subarray(Math.max(0, start - WINDOW_BYTES), start);
    const compressed = deflateRawSync(page.subarray(start, end), {
      finishFlush: isLast ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(dictionary.length > 0 ? { dictionary } : {}),
    });
    if (isLast) {
      pieces.push(compressed);
      length += compressed.length;
      break;
    }
    // A sync flush ends with an empty stored block, its header bits padded to a byte, then LEN 0
    // and NLEN 0xffff: with those four bytes replaced, that block holds the nonce.
    if (!compressed.subarray(-4).equals(EMPTY_STORED_BLOCK_LENGTHS)) return null;
    const piece = compressed.subarray(0, compressed.length - 4);
    const header = Buffer.alloc(4);
    header.writeUInt16LE(nonceBytes.length, 0);
    header.writeUInt16LE(~nonceBytes.length & 0xffff, 2);
    pieces.push(piece, header, nonceBytes);
    length += piece.length;
    slots.push(length + header.length);
    length += header.length + nonceBytes.length;
    start = end + nonceBytes.length;
  }
  const trailer = Buffer.alloc(8);
  const crc = crc32(page);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(page.length >>> 0, 4);
  pieces.push(trailer);
  let shift = 0;
  for (const slot of pageSlots) shift ^= zeroBytesShift(page.length - slot - nonceBytes.length);
  return {
    body: Buffer.concat(pieces),
    slots,
    nonce: nonceBytes,
    gzip: { crcOffset: length, crc, shift },
  };
}

/** The template's bytes with `nonce` (as long as the stored one) in every slot. */
export function bodyWithNonce(template: NonceTemplate, nonce: string): Buffer {
  const body = Buffer.from(template.body);
  const nonceBytes = Buffer.from(nonce, "latin1");
  for (const slot of template.slots) nonceBytes.copy(body, slot);
  if (template.gzip) {
    const change = Buffer.alloc(nonceBytes.length);
    for (let index = 0; index < change.length; index += 1) {
      change[index] = (nonceBytes[index] as number) ^ (template.nonce[index] as number);
    }
    // The CRC register's change from the changed bytes (zlib's pre- and post-inversion undone).
    const changeRegister = ~crc32(change, 0xffffffff) >>> 0;
    const crc = (template.gzip.crc ^ multiplyModP(changeRegister, template.gzip.shift)) >>> 0;
    body.writeUInt32LE(crc, template.gzip.crcOffset);
  }
  return body;
}

// CRC-32 arithmetic on reflected polynomials, as zlib's crc32_combine (crc32.c).
const POLYNOMIAL = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let product = 0;
  let multiplier = b;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= multiplier;
    multiplier = multiplier & 1 ? (multiplier >>> 1) ^ POLYNOMIAL : multiplier >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod P for k = 0..31. */
const POWERS_OF_TWO: number[] = (() => {
  const powers: number[] = [];
  let power = 0x40000000; // x^1
  for (let k = 0; k < 32; k += 1) {
    powers.push(power);
    power = multiplyModP(power, power);
  }
  return powers;
})();

/** x^(8 n) mod P: the effect of n zero bytes on a CRC register. */
function zeroBytesShift(bytes: number): number {
  let result = 0x80000000; // x^0
  let n = bytes;
  let k = 3;
  while (n > 0) {
    if (n & 1) result = multiplyModP(POWERS_OF_TWO[k & 31] as number, result);
    n = Math.floor(n / 2);
    k += 1;
  }
  return result;
}
