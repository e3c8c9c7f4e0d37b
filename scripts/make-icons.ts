/**
 * The site's icons, drawn from the brand mark of public/logo.svg: favicon.ico (16, 32 and 48 px),
 * icon.svg, the 180 px apple-touch-icon and the web app manifest's 192 and 512 px icons (the
 * 512 px one also maskable: the mark inside the central safe zone). Written into public/;
 * run `npx tsx scripts/make-icons.ts` after changing the mark.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const BRAND = "#136f6a";
const MARK = `<path d="M8 23V9h5.3v14h5.4V9H24v8" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/><circle cx="24" cy="21.5" r="2.6" fill="#fff"/>`;

/** The mark on a brand square; `corner` rounds it, `inset` shrinks the mark toward the centre. */
function svg({ corner, inset }: { corner: number; inset: number }): string {
  const scale = 1 - 2 * inset;
  const mark = `<g transform="translate(${32 * inset} ${32 * inset}) scale(${scale})">${MARK}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${corner}" fill="${BRAND}"/>${mark}</svg>`;
}

const publicDir = path.join(process.cwd(), "public");
const rounded = svg({ corner: 8, inset: 0 });

async function png(source: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(source), { density: 72 * (size / 32) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (supported by every browser since Windows Vista's format). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

async function main(): Promise<void> {
  const write = (name: string, data: Buffer | string) => writeFileSync(path.join(publicDir, name), data);
  const favicons = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })),
  );
  write("favicon.ico", ico(favicons));
  write("icon.svg", `${rounded}\n`);
  // Square: iOS rounds the corners itself.
  write("apple-touch-icon.png", await png(svg({ corner: 0, inset: 0.1 }), 180));
  write("icon-192.png", await png(rounded, 192));
  write("icon-512.png", await png(rounded, 512));
  // Maskable: the platform cuts its own shape, keeping at least the central 80 %.
  write("icon-maskable-512.png", await png(svg({ corner: 0, inset: 0.2 }), 512));
}

await main();
