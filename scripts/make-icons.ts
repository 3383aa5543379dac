// Generates every application icon the installers need from the one source, resources/public/icon.svg:
// PNGs for Linux (resources/icons/png/NxN.png), icon.ico for Windows and icon.icns for macOS (both hold PNGs).
// Pure Node (zlib), no image library: the SVG's few shapes (a rounded rect, circles and round-capped lines) are
// parsed and drawn with signed distances, antialiased over one pixel. Run: `npx tsx scripts/make-icons.ts`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const SOURCE = join(root, 'resources', 'public', 'icon.svg');
const OUT = join(root, 'resources', 'icons');

type Rgb = readonly [number, number, number];
type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; rx: number; fill: Rgb }
  | { kind: 'ring'; cx: number; cy: number; r: number; half: number; colour: Rgb }
  | { kind: 'segment'; ax: number; ay: number; bx: number; by: number; half: number; colour: Rgb };

const attr = (element: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
const num = (element: string, name: string, fallback = 0): number => {
  const value = attr(element, name);
  return value === undefined ? fallback : Number(value);
};
function colour(text: string | undefined): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text ?? '')?.[1];
  if (!hex) throw new Error(`Unsupported colour: ${String(text)}`);
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** The SVG's elements as shapes; anything this small parser does not know stops it rather than drawing wrong. */
export function parseIcon(svg: string): { size: number; shapes: Shape[] } {
  const viewBox = attr(svg.slice(0, svg.indexOf('>')), 'viewBox')
    ?.split(/\s+/)
    .map(Number);
  const size = viewBox?.[2];
  if (!size || viewBox[3] !== size) throw new Error('icon.svg needs a square viewBox');
  const shapes: Shape[] = [];
  for (const [element = '', tag = ''] of svg.matchAll(/<(rect|circle|path)\b[^>]*>/g)) {
    const stroke = attr(element, 'stroke');
    const half = num(element, 'stroke-width', 1) / 2;
    if (tag === 'rect') {
      shapes.push({
        kind: 'rect',
        x: num(element, 'x'),
        y: num(element, 'y'),
        w: num(element, 'width'),
        h: num(element, 'height'),
        rx: num(element, 'rx'),
        fill: colour(attr(element, 'fill')),
      });
    } else if (tag === 'circle') {
      if (!stroke || attr(element, 'fill') !== 'none') throw new Error('only stroked circles are supported');
      shapes.push({
        kind: 'ring',
        cx: num(element, 'cx'),
        cy: num(element, 'cy'),
        r: num(element, 'r'),
        half,
        colour: colour(stroke),
      });
    } else {
      if (!stroke || attr(element, 'stroke-linecap') !== 'round') throw new Error('only round-capped paths');
      let x = 0;
      let y = 0;
      for (const [, command = '', args = ''] of (attr(element, 'd') ?? '').matchAll(/([MmHhVvLl])([^MmHhVvLl]*)/g)) {
        const values = args
          .trim()
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number);
        const [a = 0, b = 0] = values;
        const from = { x, y };
        if (command === 'M') [x, y] = [a, b];
        else if (command === 'm') [x, y] = [x + a, y + b];
        else if (command === 'H') x = a;
        else if (command === 'h') x += a;
        else if (command === 'V') y = a;
        else if (command === 'v') y += a;
        else if (command === 'L') [x, y] = [a, b];
        else [x, y] = [x + a, y + b];
        if (command !== 'M' && command !== 'm') {
          shapes.push({ kind: 'segment', ax: from.x, ay: from.y, bx: x, by: y, half, colour: colour(stroke) });
        }
      }
    }
  }
  return { size, shapes };
}

function distance(shape: Shape, px: number, py: number): number {
  if (shape.kind === 'rect') {
    const qx = Math.abs(px - (shape.x + shape.w / 2)) - (shape.w / 2 - shape.rx);
    const qy = Math.abs(py - (shape.y + shape.h / 2)) - (shape.h / 2 - shape.rx);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - shape.rx;
  }
  if (shape.kind === 'ring') return Math.abs(Math.hypot(px - shape.cx, py - shape.cy) - shape.r) - shape.half;
  const dx = shape.bx - shape.ax;
  const dy = shape.by - shape.ay;
  const t = Math.max(0, Math.min(1, ((px - shape.ax) * dx + (py - shape.ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (shape.ax + t * dx), py - (shape.ay + t * dy)) - shape.half;
}

/** RGBA pixels of the icon at `pixels` × `pixels`, shapes painted in order ("over"), antialiased. */
export function render(icon: { size: number; shapes: Shape[] }, pixels: number): Buffer {
  const scale = icon.size / pixels;
  const out = Buffer.alloc(pixels * pixels * 4);
  for (let row = 0; row < pixels; row += 1) {
    for (let col = 0; col < pixels; col += 1) {
      const px = (col + 0.5) * scale;
      const py = (row + 0.5) * scale;
      let [r, g, b, a] = [0, 0, 0, 0]; // premultiplied
      for (const shape of icon.shapes) {
        const coverage = Math.max(0, Math.min(1, 0.5 - distance(shape, px, py) / scale));
        if (coverage === 0) continue;
        const c = shape.kind === 'rect' ? shape.fill : shape.colour;
        r = c[0] * coverage + r * (1 - coverage);
        g = c[1] * coverage + g * (1 - coverage);
        b = c[2] * coverage + b * (1 - coverage);
        a = coverage + a * (1 - coverage);
      }
      const at = (row * pixels + col) * 4;
      out[at] = a > 0 ? Math.round(r / a) : 0;
      out[at + 1] = a > 0 ? Math.round(g / a) : 0;
      out[at + 2] = a > 0 ? Math.round(b / a) : 0;
      out[at + 3] = Math.round(a * 255);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

export function encodePng(rgba: Buffer, pixels: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(pixels * (pixels * 4 + 1));
  for (let row = 0; row < pixels; row += 1) {
    rgba.copy(rows, row * (pixels * 4 + 1) + 1, row * pixels * 4, (row + 1) * pixels * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Windows icon: a directory of PNG images (Vista and later read PNG entries at every size). */
export function encodeIco(images: readonly { pixels: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ pixels, png }, index) => {
    const at = 6 + index * 16;
    header.writeUInt8(pixels >= 256 ? 0 : pixels, at);
    header.writeUInt8(pixels >= 256 ? 0 : pixels, at + 1);
    header.writeUInt16LE(1, at + 4); // planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** macOS icon: OSType-tagged PNG entries, 16 to 1024 px including the @2x variants. */
export const ICNS_TYPES: readonly (readonly [string, number])[] = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

export function encodeIcns(pngOf: (pixels: number) => Buffer): Buffer {
  const entries = ICNS_TYPES.map(([type, pixels]) => {
    const png = pngOf(pixels);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

function main(): void {
  const icon = parseIcon(readFileSync(SOURCE, 'utf8'));
  const cache = new Map<number, Buffer>();
  const pngOf = (pixels: number): Buffer => {
    let png = cache.get(pixels);
    if (!png) {
      png = encodePng(render(icon, pixels), pixels);
      cache.set(pixels, png);
    }
    return png;
  };
  mkdirSync(join(OUT, 'png'), { recursive: true });
  for (const pixels of LINUX_SIZES) writeFileSync(join(OUT, 'png', `${pixels}x${pixels}.png`), pngOf(pixels));
  writeFileSync(join(OUT, 'icon.png'), pngOf(1024));
  writeFileSync(join(OUT, 'icon.ico'), encodeIco(ICO_SIZES.map((pixels) => ({ pixels, png: pngOf(pixels) }))));
  writeFileSync(join(OUT, 'icon.icns'), encodeIcns(pngOf));
  console.log(`Icons written to ${OUT}`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
