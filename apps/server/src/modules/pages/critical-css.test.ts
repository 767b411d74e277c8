/**
 * The critical CSS a rendered page carries (decision 298, trimmed by decision 309): the rules its
 * markup's classes and elements can match, and of the custom properties only those that the
 * inlined rules read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CriticalCss } from './critical-css.ts';

const LINK = '<link rel="stylesheet" crossorigin href="/assets/core-1.css">';
const sheet = '/assets/core-1.css';
const INDEX = {
  entry: sheet,
  rules: [
    {
      sheet,
      at: [],
      need: null,
      css: ':root{--a:red;--b:var(--a);--c:blue;--d:green}',
      uses: [],
      selector: ':root',
      declarations: '',
      variables: [
        ['--a', '--a:red', []],
        ['--b', '--b:var(--a)', ['--a']],
        ['--c', '--c:blue', []],
        ['--d', '--d:green', []],
      ],
    },
    { sheet, at: [], need: [['btn']], css: '.btn{color:var(--b)}', uses: ['--b'] },
    {
      sheet,
      at: [],
      need: [['form-control', '<textarea']],
      css: 'textarea.form-control{min-height:3rem}',
      uses: [],
    },
    { sheet, at: [], need: [['<dl']], css: 'dl{margin:0;color:var(--d)}', uses: ['--d'] },
    { sheet, at: [], need: [['modal']], css: '.modal{color:var(--c)}', uses: ['--c'] },
    {
      sheet,
      at: [],
      need: null,
      css: '.x,body{--e:1px;margin:0}',
      uses: [],
      selector: '.x,body',
      declarations: 'margin:0',
      variables: [['--e', '--e:1px', []]],
    },
  ],
};

const dist = mkdtempSync(path.join(tmpdir(), 'mg-critical-'));
const indexFile = path.join(dist, 'critical-css.json');
writeFileSync(indexFile, JSON.stringify(INDEX));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const critical = CriticalCss.fromBuild(indexFile, `<head>${LINK}</head>`)!;
const inlined = (html: string) => critical.headFor(html).match(/^<style>(.*?)<\/style>/)?.[1] ?? '';

describe('the critical CSS of a rendered page', () => {
  it('keeps a rule when the markup has its classes and its elements', () => {
    expect(inlined('<textarea class="form-control"></textarea>')).toContain('textarea.form-control');
    expect(inlined('<input class="form-control">')).not.toContain('textarea.form-control');
    expect(inlined('<dl><dt>a</dt></dl>')).toContain('dl{margin:0');
    expect(inlined('<p>a</p>')).not.toContain('dl{');
  });

  it('keeps the rules of the classes an element names for later, as if it had them', () => {
    expect(inlined('<div data-later-class="modal"></div>')).toContain('.modal{');
    expect(inlined('<div data-later="modal"></div>')).not.toContain('.modal{');
  });

  it('defines the custom properties the kept rules read, and those these read, and no others', () => {
    expect(inlined('<a class="btn">x</a>')).toBe(
      ':root{--a:red;--b:var(--a)}.btn{color:var(--b)}.x,body{margin:0}',
    );
    expect(inlined('<dl></dl><a class="btn"></a>')).toBe(
      ':root{--a:red;--b:var(--a);--d:green}.btn{color:var(--b)}dl{margin:0;color:var(--d)}.x,body{margin:0}',
    );
    expect(inlined('<p></p>')).toBe('.x,body{margin:0}');
  });

  it('takes the renderer’s key of a shape for the CSS its first page had', () => {
    const first = critical.headFor('<dl><a class="btn">x</a></dl>', 'shape-a');
    expect(first).toContain('.btn{');
    // The same key: the same CSS, without reading the markup again.
    expect(critical.headFor('<p>other markup</p>', 'shape-a')).toBe(first);
    // Another key, or none: read from its markup.
    expect(critical.headFor('<p>other markup</p>', 'shape-b')).not.toContain('.btn{');
    expect(critical.headFor('<p>other markup</p>')).not.toContain('.btn{');
  });
});
