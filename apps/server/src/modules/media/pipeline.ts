/**
 * The one image pipeline for product, store and profile images. Content decides what a
 * file is (never its name or declared type); it is re-encoded to WebP in a large and a
 * thumbnail size with metadata stripped, under a name the server generates.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '@marktgasse/shared';
import { tooLarge, unsupportedMedia } from '../../lib/errors.ts';
import type { MediaStorage } from './storage.ts';
import { placeholderUrl, type PlaceholderKind } from './placeholders.ts';

/**
 * JPEG and WebP are decoded shrunk on load (libjpeg/libwebp scale while decoding), so a
 * 25-megapixel photo costs little; PNG, GIF and AVIF/HEIF decode every pixel, so their limit
 * is lower (docs/decisions/147 has the measurements).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
export const MAX_FULL_DECODE_PIXELS = 16_000_000;
const SHRINK_ON_LOAD = new Set(['jpeg', 'webp']);
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const LARGE = 1200;
const THUMB = 400;

export interface StoredImage {
  /** Key of the large rendition; the thumbnail is `thumbKey(key)`. */
  key: string;
}

export function thumbKey(key: string): string {
  return key.replace(/\.webp$/, '.thumb.webp');
}

/** Magic numbers of the accepted formats: checked before libvips sees the bytes. */
function sniff(buffer: Buffer): boolean {
  if (buffer.length < 12) return false;
  const jpeg = buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff;
  const png = buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const gif =
    buffer.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    buffer.subarray(0, 6).toString('latin1') === 'GIF89a';
  const webp =
    buffer.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buffer.subarray(8, 12).toString('latin1') === 'WEBP';
  const avif =
    buffer.subarray(4, 8).toString('latin1') === 'ftyp' &&
    /^(avif|avis|mif1|heic)/.test(buffer.subarray(8, 12).toString('latin1'));
  return jpeg || png || gif || webp || avif;
}

export async function processImage(
  buffer: Buffer,
  storage: MediaStorage,
  folder: 'products' | 'stores' | 'profiles',
): Promise<StoredImage> {
  if (buffer.length > MAX_IMAGE_BYTES) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
  if (!sniff(buffer))
    throw unsupportedMedia('The file is not an image: upload a JPEG, PNG, WebP, GIF or AVIF picture.');
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only, no pixels decoded: without a pixel limit here, a pixel flood reaches
    // the check below and answers 413 naming the limit instead of "could not be read".
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMedia('The image could not be read: upload a JPEG, PNG, WebP, GIF or AVIF picture.');
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) {
    throw unsupportedMedia(
      'The file is not a supported image: upload a JPEG, PNG, WebP, GIF or AVIF picture.',
    );
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * Math.max(1, metadata.pages ?? 1);
  if (!metadata.width || !metadata.height || pixels > MAX_IMAGE_PIXELS) {
    throw tooLarge('The image has too many pixels: at most 25 megapixels.');
  }
  const limit = SHRINK_ON_LOAD.has(metadata.format) ? MAX_IMAGE_PIXELS : MAX_FULL_DECODE_PIXELS;
  if (pixels > limit) {
    throw tooLarge(
      'The image has too many pixels: PNG, GIF and AVIF pictures may have at most 16 megapixels (JPEG and WebP 25).',
    );
  }
  let large: Buffer;
  let thumb: Buffer;
  try {
    // One decode: the thumbnail is made from the large rendition, not from the upload again.
    large = await sharp(buffer, { limitInputPixels: limit, animated: false })
      .rotate()
      .resize(LARGE, LARGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    thumb = await sharp(large)
      .resize(THUMB, THUMB, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    throw unsupportedMedia('The image could not be read: upload a JPEG, PNG, WebP, GIF or AVIF picture.');
  }
  const key = `${folder}/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.webp`;
  await storage.put(key, large, 'image/webp');
  await storage.put(thumbKey(key), thumb, 'image/webp');
  return { key };
}

/**
 * Deletes a stored image (both renditions) that nothing refers to any more: a replaced
 * profile, store or product image, or the image of something deleted for good. Storage
 * errors are not the caller's failure: the answer stands and an orphan file is harmless.
 */
export async function discardImage(storage: MediaStorage, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await Promise.all([storage.delete(key), storage.delete(thumbKey(key))]).catch(() => undefined);
}

/**
 * Public URL of an image key. Given the kind of thing it shows, a missing image answers that
 * kind's default image instead of null (decision 167): answers carry an image URL, never null.
 */
export function mediaUrl(
  storage: MediaStorage,
  key: string | null | undefined,
  kind: PlaceholderKind,
): string;
export function mediaUrl(storage: MediaStorage, key: string | null | undefined): string | null;
export function mediaUrl(
  storage: MediaStorage,
  key: string | null | undefined,
  kind?: PlaceholderKind,
): string | null {
  return key ? storage.url(key) : kind ? placeholderUrl(kind) : null;
}

export function mediaThumbUrl(
  storage: MediaStorage,
  key: string | null | undefined,
  kind: PlaceholderKind,
): string;
export function mediaThumbUrl(storage: MediaStorage, key: string | null | undefined): string | null;
export function mediaThumbUrl(
  storage: MediaStorage,
  key: string | null | undefined,
  kind?: PlaceholderKind,
): string | null {
  return key ? storage.url(thumbKey(key)) : kind ? placeholderUrl(kind) : null;
}
