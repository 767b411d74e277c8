import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptPart, splicedGzip } from './gzip-splice.ts';

/** Text with multi-byte characters, which may fall on a part's edge. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 2000 }),
  fc.constantFrom('', 'ä', '€🧀', '<style>.btn{color:red}</style>'.repeat(400)),
);

describe('a gzip joined from parts compressed apart', () => {
  it('unzips to the parts in order, whatever they hold', () => {
    fc.assert(
      fc.property(text, text, text, (first, middle, last) => {
        const zipped = splicedGzip(
          keptPart(first, { last: false }),
          Buffer.from(middle),
          keptPart(last, { last: true }),
        );
        expect(gunzipSync(zipped).toString()).toBe(first + middle + last);
      }),
      { numRuns: 200 },
    );
  });

  it('holds a middle larger than deflate’s window and kept parts used for many answers', () => {
    const first = keptPart(`<!doctype html><style>${'.a{b:c}'.repeat(5000)}</style>`, { last: false });
    const last = keptPart('</body></html>', { last: true });
    for (const middle of ['x'.repeat(100_000), 'Käse', '']) {
      const zipped = splicedGzip(first, Buffer.from(middle), last);
      expect(gunzipSync(zipped).toString()).toBe(first.bytes.toString() + middle + last.bytes.toString());
    }
    // The kept CSS costs a page nothing: its compressed bytes are far smaller than its text.
    expect(first.deflated.length).toBeLessThan(first.bytes.length / 20);
  });
});
