import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageDocuments } from './document.ts';

const LINK = '<link rel="stylesheet" crossorigin href="/assets/core-1.css">';
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Marktgasse</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    ${LINK}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// The rule index as the web build writes it (apps/web/scripts/critical-css.mjs).
const INDEX = {
  entry: '/assets/core-1.css',
  rules: [
    { sheet: '/assets/core-1.css', at: [], need: null, css: 'body{margin:0}' },
    { sheet: '/assets/core-1.css', at: [], need: [['btn']], css: '.btn{padding:1rem}' },
    {
      sheet: '/assets/core-1.css',
      at: ['@media (min-width:992px)'],
      need: [['col-lg-4']],
      css: '.col-lg-4{flex:0 0 auto}',
    },
    {
      sheet: '/assets/core-1.css',
      at: [],
      need: [['modal'], ['modal-dialog']],
      css: '.modal,.modal-dialog{position:fixed}',
    },
    {
      sheet: '/assets/product-1.css',
      at: [],
      need: [['product-image-frame']],
      css: '.product-image-frame{aspect-ratio:1}',
    },
    { sheet: '/assets/product-1.css', at: [], need: null, css: 'dl{margin:0}' },
  ],
};

const dist = mkdtempSync(path.join(tmpdir(), 'mg-document-'));
writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, '.vite', 'critical-css.json'), JSON.stringify(INDEX));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/**
 * The documents of a build with the template and these files in its `.vite` folder (the build's
 * manifest, its critical CSS index), read from a folder that is gone again afterwards.
 */
function buildWith(viteFiles: Record<string, unknown>): PageDocuments {
  const built = mkdtempSync(path.join(tmpdir(), 'mg-document-build-'));
  try {
    writeFileSync(path.join(built, 'index.html'), TEMPLATE);
    mkdirSync(path.join(built, '.vite'));
    for (const [name, content] of Object.entries(viteFiles))
      writeFileSync(path.join(built, '.vite', name), JSON.stringify(content));
    return PageDocuments.fromBuild(built);
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
}

const page = (html: string) =>
  PageDocuments.fromBuild(dist).compose({
    language: 'de',
    head: '<title>Käse $& Brot</title>',
    body: { html, state: { queries: [] } },
  });

describe('a rendered page’s document (decision 298)', () => {
  it('carries the style rules its markup can match, and loads the sheet without blocking the first paint', () => {
    const html = page('<div class="col-lg-4 product-image-frame"><a class="btn" href="/de">x</a></div>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<style>body{margin:0}.btn{padding:1rem}@media (min-width:992px){.col-lg-4{flex:0 0 auto}}</style>',
    );
    expect(head).not.toContain('.modal');
    // Not blocking; as it was without JavaScript; another screen's rules after the sheet, as they apply.
    expect(head).toContain(
      `<link media="print" data-deferred-sheet rel="stylesheet" crossorigin href="/assets/core-1.css"><noscript>${LINK}</noscript><style>.product-image-frame{aspect-ratio:1}</style>`,
    );
    // Another screen's rules of plain elements apply only where that screen has loaded its sheet.
    expect(head).not.toContain('dl{margin:0}');
    expect(head).not.toContain(`    ${LINK}`);
  });

  it('has the browser ask for the first screen’s largest image from the head', () => {
    const html = page(
      '<img src="/media/products/a.webp" alt="" width="480" height="360" loading="eager" fetchpriority="high"><img src="/media/products/b.webp" alt="">',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/media/products/a.webp" fetchpriority="high">',
    );
    expect(head).not.toContain('b.webp');
    expect(page('<img src="/media/products/b.webp" alt="">')).not.toContain('rel="preload"');
  });

  it('loads a rendered page’s code at low priority (its content and picture come first), a shell’s as before', () => {
    expect(page('<p></p>')).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
    );
    const shell = PageDocuments.fromBuild(dist).compose({ language: 'de', head: '' });
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
  });

  it('starts a rendered page from the build’s first-paint entry, with the app’s entry preloaded (decision 310)', () => {
    const documents = buildWith({
      'manifest.json': {
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/first-paint.ts': { file: 'assets/first-paint-1.js', isEntry: true },
      },
    });
    const html = documents.compose({ language: 'de', head: '', body: { html: '<p></p>', state: {} } });
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/first-paint-1.js" data-app="/assets/index-1.js"></script>',
    );
    // Preloaded once the first screen's image has painted (decision 327).
    expect(html).toContain(
      '<template data-later><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-1.js">',
    );
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    // A page the browser renders itself starts the app at once.
    expect(documents.compose({ language: 'de', head: '' })).toContain(
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    );
  });

  it('keeps the page’s own head text as written', () => {
    expect(page('<p></p>')).toContain('<title>Käse $& Brot</title>');
  });

  it('holds a rendered page’s first paint until the main content is parsed, a shell’s not (decision 320)', () => {
    const html = page('<header><a href="/de/cart">Warenkorb</a></header><main id="main"></main>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#main" blocking="render">');
    const shell = PageDocuments.fromBuild(dist).compose({ language: 'de', head: '' });
    expect(shell).not.toContain('rel="expect"');
  });

  it('leaves the sheet blocking on a page the browser renders itself', () => {
    const shell = PageDocuments.fromBuild(dist).compose({ language: 'de', head: '' });
    expect(shell).toContain(`    ${LINK}`);
    expect(shell).not.toContain('<style>');
  });

  it('loads the entry sheet in the build’s parts, in order, and the whole sheet without JavaScript (decision 319)', () => {
    const parts = ['/assets/core-1-1.css', '/assets/core-1-2.css'];
    const html = buildWith({ 'critical-css.json': { ...INDEX, parts } }).compose({
      language: 'de',
      head: '<title>Käse</title>',
      body: { html: '<a class="btn" href="/de">x</a>', state: { queries: [] } },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link media="print" data-deferred-sheet rel="stylesheet" crossorigin href="/assets/core-1-1.css">' +
        '<link media="print" data-deferred-sheet rel="stylesheet" crossorigin href="/assets/core-1-2.css">' +
        `<noscript>${LINK}</noscript>`,
    );
    expect(head).not.toContain('data-deferred-sheet rel="stylesheet" crossorigin href="/assets/core-1.css"');
  });

  it('fetches nothing of the app before the first screen’s image has painted; without JavaScript the whole sheet (decision 327)', () => {
    const parts = ['/assets/core-1-1.css', '/assets/core-1-2.css'];
    const html = buildWith({
      'critical-css.json': { ...INDEX, parts },
      'manifest.json': {
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/first-paint.ts': { file: 'assets/first-paint-1.js', isEntry: true },
      },
    }).compose({
      language: 'de',
      head: '<title>Käse</title>',
      body: { html: '<a class="btn" href="/de">x</a>', state: { queries: [] } },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    const [outside, inside] = head.split('<template data-later>') as [string, string];
    // Outside the inert template, the page fetches only its first-paint entry (and the sheet, if
    // scripts are off); the template holds the app's entry and the sheet's parts, in order.
    expect(outside).not.toMatch(/rel="modulepreload"|data-deferred-sheet/);
    expect(outside).toContain(`<noscript>${LINK}</noscript>`);
    expect(inside.slice(0, inside.indexOf('</template>'))).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-1.js">' +
        '<link media="print" data-deferred-sheet rel="stylesheet" crossorigin href="/assets/core-1-1.css">' +
        '<link media="print" data-deferred-sheet rel="stylesheet" crossorigin href="/assets/core-1-2.css">',
    );
  });

  it('loads a rendered page’s screen code, messages and style sheet with the page, not after its entry has run (decision 321)', () => {
    const documents = buildWith({
      'manifest.json': {
        'index.html': { file: 'assets/index-1.js', imports: ['_core-1.js'], css: ['assets/core-1.css'] },
        '_core-1.js': { file: 'assets/core-1.js' },
        '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_core-1.js'] },
        '_purchase-1.js': { file: 'assets/purchase-1.js', imports: ['_shared-1.js', '_core-1.js'] },
        'src/features/catalogue/routes/product.tsx': {
          file: 'assets/product-1.js',
          imports: ['_core-1.js', '_shared-1.js', '_purchase-1.js'],
          css: ['assets/product-1.css'],
        },
        'src/features/catalogue/routes/home.tsx': {
          file: 'assets/home-1.js',
          imports: ['_core-1.js', '_shared-1.js'],
        },
        'src/i18n/bundles/de.ts': { file: 'assets/de-1.js' },
        'src/i18n/bundles/fr.ts': { file: 'assets/fr-1.js' },
      },
    });
    const body = { html: '<p></p>', state: {} };
    const product = documents.compose({
      language: 'de',
      head: '<title>x</title>',
      body,
      screen: 'product',
    });
    const head = product.slice(0, product.indexOf('</head>'));
    // What the entry brings already, it brings; another language's messages are not named.
    expect(head).toContain(
      '<meta name="mg-screen" content="/assets/product-1.js /assets/shared-1.js /assets/purchase-1.js /assets/de-1.js /assets/product-1.css"><title>x</title>',
    );
    // Fetched when the app starts, not from the head, where they held up the first screen's photo.
    expect(head).not.toContain('href="/assets/product-1.js"');
    const home = documents.compose({ language: 'fr', head: '<title>y</title>', body, screen: 'search' });
    expect(home).toContain(
      '<meta name="mg-screen" content="/assets/home-1.js /assets/shared-1.js /assets/fr-1.js"><title>y</title>',
    );
    // A page the browser renders itself loads its screen as before.
    expect(documents.compose({ language: 'de', head: '' })).not.toContain('mg-screen');
  });
});
