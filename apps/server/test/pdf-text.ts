/**
 * The text a PDFKit document shows, read back as a reader would: content streams inflated, the
 * glyph ids of each embedded font mapped to characters through the font's ToUnicode map. One
 * text object (a cell, a line) per output line.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: string | null;
}

function objectsOf(raw: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*(<<[\s\S]*?>>)\s*(stream\r?\n|endobj)/g)) {
    const dict = m[2]!;
    let stream: string | null = null;
    if (m[3]!.startsWith('stream')) {
      const start = m.index + m[0].length;
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      const bytes = Buffer.from(raw.slice(start, start + length), 'latin1');
      try {
        stream = dict.includes('/FlateDecode')
          ? inflateSync(bytes).toString('latin1')
          : bytes.toString('latin1');
      } catch {
        stream = null;
      }
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  return objects;
}

/** `<0066 0069>` (a ligature: two characters, PDFKit spaces them) → "fi". */
const utf16 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');

/** Glyph id → characters, from a ToUnicode CMap (bfrange with arrays or a start, and bfchar). */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const from = parseInt(r[1]!, 16);
      const to = parseInt(r[2]!, 16);
      if (r[3]!.startsWith('[')) {
        [...r[3]!.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((u, i) => map.set(from + i, utf16(u[1]!)));
      } else {
        const first = parseInt(r[3]!.slice(1, -1), 16);
        for (let g = from; g <= to; g++) map.set(g, String.fromCharCode(first + g - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const c of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi))
      map.set(parseInt(c[1]!, 16), utf16(c[2]!));
  return map;
}

export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf.toString('latin1'));
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const unicodeRef = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(f[2]))?.dict ?? '')?.[1];
      const cmap = unicodeRef ? objects.get(Number(unicodeRef))?.stream : null;
      if (cmap) fonts.set(f[1]!, cmapOf(cmap));
    }
  }
  let text = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\bTf\b/.test(stream)) continue;
    let font = new Map<number, string>();
    for (const t of stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]+)>|\bET\b/g)) {
      if (t[1]) font = fonts.get(t[1]) ?? new Map();
      else if (t[2])
        for (let i = 0; i < t[2].length; i += 4) text += font.get(parseInt(t[2].slice(i, i + 4), 16)) ?? '';
      else text += '\n';
    }
  }
  return text;
}
