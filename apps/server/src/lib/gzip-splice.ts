/**
 * A gzip answer made of parts compressed apart (decision 308): a rendered page is mostly bytes
 * that every page of its kind shares (the web app's template, the critical CSS), which are
 * compressed once, at zlib's best level, and kept; only the page's own bytes are compressed per
 * page. RFC 1951 lets independent deflate blocks follow one another when each part but the last
 * ends on a byte boundary without the final-block bit (a sync flush), and RFC 1952's trailer is
 * the CRC-32 and length of the whole, which zlib's `crc32` continues from part to part. All
 * compression is node:zlib's; this file only joins its output.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { createHash } from 'node:crypto';

/** Bytes compressed once and kept, with what joining them needs. */
export interface KeptPart {
  bytes: Buffer;
  /** Raw deflate ending in a sync flush (not the last part) or finished (the last part). */
  deflated: Buffer;
  /** CRC-32 of the bytes alone (the first part's also starts the whole's). */
  crc: number;
  /** A short digest of the bytes: the answer's ETag covers a kept part through it. */
  digest: string;
}

/** gzip's header: deflate, no name or time, unknown system (RFC 1952 §2.3). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The CRC-32 of `bytes` continued from `crc`. An empty buffer leaves it as it is: Node 20's
 * `crc32` answered 0 for an empty buffer once a deflate had run (found by the tests).
 */
const continued = (bytes: Buffer, crc: number) => (bytes.length ? crc32(bytes, crc) : crc);

const raw = (bytes: Buffer, level: number, last: boolean) =>
  deflateRawSync(bytes, {
    level,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
  });

/** A part kept for many answers: compressed at the best level once. */
export function keptPart(text: string, { last }: { last: boolean }): KeptPart {
  const bytes = Buffer.from(text);
  return {
    bytes,
    deflated: raw(bytes, constants.Z_BEST_COMPRESSION, last),
    crc: crc32(bytes),
    digest: createHash('sha1').update(bytes).digest('base64url').slice(0, 16),
  };
}

/** The CRC-32 of `first + middle + last`, from the kept parts' own. */
export const joinedCrc = (first: KeptPart, middle: Buffer, last: KeptPart) =>
  continued(last.bytes, continued(middle, first.crc));

/** A page's own bytes compressed to be joined between kept parts (and kept: decision 316). */
export const middlePart = (bytes: Buffer, level: number) => raw(bytes, level, false);

/** A middle part's bytes again. */
export const inflatedMiddle = (deflated: Buffer) =>
  inflateRawSync(deflated, { finishFlush: constants.Z_SYNC_FLUSH });

/** The CRC-32 of the first part and a middle (what a stored page keeps; decision 316). */
export const crcThroughMiddle = (first: KeptPart, middle: Buffer) => continued(middle, first.crc);

/** The CRC-32 of the whole from the first part's and middle's together. */
export const crcWithLast = (throughMiddle: number, last: KeptPart) => continued(last.bytes, throughMiddle);

/**
 * The gzip of `first + middle + last` from the middle compressed already (`middlePart`):
 * `middleSize` is its length before, `crc` the whole's CRC-32.
 */
export function joinedGzip(
  first: KeptPart,
  middle: { deflated: Buffer; size: number },
  last: KeptPart,
  crc: number,
): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((first.bytes.length + middle.size + last.bytes.length) % 2 ** 32, 4);
  return Buffer.concat([HEADER, first.deflated, middle.deflated, last.deflated, trailer]);
}

/**
 * The gzip of `first + middle + last`: the kept parts as they are, the middle compressed now at
 * a fast level (it is compressed once per answer; a page's own 10–15 KB take tens of µs).
 */
export function splicedGzip(
  first: KeptPart,
  middle: Buffer,
  last: KeptPart,
  /** The whole's CRC-32 when the caller has it already (`joinedCrc`). */
  crc = joinedCrc(first, middle, last),
): Buffer {
  return joinedGzip(first, { deflated: raw(middle, 1, false), size: middle.length }, last, crc);
}
