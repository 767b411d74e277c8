/**
 * Demo pictures drawn offline: an SVG composed here (colour, a simple shape, the product's
 * name; or a monogram for a seller's logo), rendered by sharp to WebP in the two sizes the
 * image pipeline produces. Renderings are kept in a cache directory keyed by the SVG's
 * hash, so a second demo load (tests, restarts on a fresh DATA_DIR) only copies files.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaStorage } from '../modules/media/storage.ts';
import { thumbKey } from '../modules/media/pipeline.ts';

const LARGE = 600;
const THUMB = 300;
const CACHE_DIR = path.join(os.tmpdir(), 'marktgasse-demo-images-v1');

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > 3)
    return [
      ...lines.slice(0, 2),
      `${lines
        .slice(2)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return lines;
}

const SHAPES = [
  (c: string) => `<circle cx="300" cy="230" r="130" fill="${c}"/>`,
  (c: string) => `<rect x="175" y="105" width="250" height="250" rx="36" fill="${c}"/>`,
  (c: string) => `<polygon points="300,90 440,360 160,360" fill="${c}"/>`,
  (c: string) => `<polygon points="300,95 425,165 425,305 300,375 175,305 175,165" fill="${c}"/>`,
  (c: string) => `<polygon points="300,85 445,230 300,375 155,230" fill="${c}"/>`,
  (c: string) =>
    `<polygon points="120,360 230,170 290,260 360,120 480,360" fill="${c}"/><circle cx="430" cy="140" r="34" fill="#fff" opacity="0.7"/>`,
];

export function productSvg(input: { name: string; brand: string; hue: number; shape: number }): string {
  const bg = `hsl(${input.hue}, 45%, 90%)`;
  const fg = `hsl(${input.hue}, 55%, 42%)`;
  const lines = wrap(input.name, 24);
  const text = lines
    .map(
      (l, i) =>
        `<text x="300" y="${440 + i * 40}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" font-weight="bold" text-anchor="middle" fill="#1f2328">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LARGE}" height="${LARGE}" viewBox="0 0 600 600"><rect width="600" height="600" fill="${bg}"/>${SHAPES[input.shape % SHAPES.length]!(fg)}<text x="300" y="58" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="22" text-anchor="middle" fill="${fg}" letter-spacing="2">${escapeXml(input.brand.toUpperCase().slice(0, 40))}</text>${text}</svg>`;
}

export function logoSvg(input: { shop: string; colour: string }): string {
  const initials = input.shop
    .split(/[\s-]+/)
    .filter((w) => /^[A-ZÄÖÜ]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LARGE}" height="${LARGE}" viewBox="0 0 600 600"><rect width="600" height="600" fill="${input.colour}"/><circle cx="300" cy="270" r="190" fill="none" stroke="#fff" stroke-width="10" opacity="0.85"/><text x="300" y="330" font-family="DejaVu Serif, Liberation Serif, serif" font-size="170" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(initials)}</text><text x="300" y="545" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" text-anchor="middle" fill="#fff">${escapeXml(input.shop.slice(0, 30))}</text></svg>`;
}

async function render(svg: string): Promise<{ large: Buffer; thumb: Buffer }> {
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 32);
  const largeFile = path.join(CACHE_DIR, `${hash}.webp`);
  const thumbFile = path.join(CACHE_DIR, `${hash}.thumb.webp`);
  try {
    const [large, thumb] = await Promise.all([readFile(largeFile), readFile(thumbFile)]);
    return { large, thumb };
  } catch {
    // not cached yet
  }
  const base = sharp(Buffer.from(svg));
  const [large, thumb] = await Promise.all([
    base.clone().webp({ quality: 80 }).toBuffer(),
    base.clone().resize(THUMB, THUMB).webp({ quality: 75 }).toBuffer(),
  ]);
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const tmp = `${largeFile}.${process.pid}.tmp`;
    await writeFile(tmp, large);
    await rename(tmp, largeFile);
    const tmpThumb = `${thumbFile}.${process.pid}.tmp`;
    await writeFile(tmpThumb, thumb);
    await rename(tmpThumb, thumbFile);
  } catch {
    // the cache is an optimisation only
  }
  return { large, thumb };
}

/** Renders (or takes from the cache) each SVG and stores it under its key in both sizes. */
export async function storeDemoImages(
  storage: MediaStorage,
  items: { key: string; svg: string }[],
  concurrency = 6,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const { large, thumb } = await render(item.svg);
      await storage.put(item.key, large, 'image/webp');
      await storage.put(thumbKey(item.key), thumb, 'image/webp');
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
