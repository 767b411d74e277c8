/**
 * The HTML document of a page: the web build's index.html (its scripts and styles) with the
 * page's head, language, rendered markup and data put in. The markup comes from the web build's
 * server renderer (apps/web/dist-ssr, docs/decisions/210); without a build (tests before
 * `npm run build`) a page still answers, with its full head and an empty body for the browser to
 * fill, and without the web app at all a bare template stands in.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData, PageLanguage, PageRenderer, RenderRequest, RenderResult } from '@marktgasse/shared';
import { keptPart, type KeptPart } from '../../lib/gzip-splice.ts';
import { contentLanguage } from './addresses.ts';
import { CriticalCss } from './critical-css.ts';
import { scriptJson } from './head.ts';

const BARE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Marktgasse</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ROOT = '<div id="root"></div>';

/**
 * A preload of the image the app marks as the first screen's largest (`fetchpriority="high"`: the
 * carousel's first slide, a product's photo), for the head: the browser asks for it before the
 * body with it arrives (decision 298).
 */
function imagePreload(html: string): string {
  const img = html.match(/<img\b[^>]*\bfetchpriority="high"[^>]*>/)?.[0];
  const src = img?.match(/\ssrc="([^"]*)"/)?.[1];
  if (!img || !src) return '';
  const srcset = img.match(/\ssrcset="([^"]*)"/)?.[1];
  const sizes = img.match(/\ssizes="([^"]*)"/)?.[1];
  const set = srcset ? ` imagesrcset="${srcset}"${sizes ? ` imagesizes="${sizes}"` : ''}` : '';
  return `<link rel="preload" as="image" href="${src}"${set} fetchpriority="high">`;
}

export interface DocumentParts {
  language: PageLanguage;
  head: string;
  body?: RenderResult | null;
  /** The kind of page the body shows: its screen's code and style sheets load with the page. */
  screen?: PageData['kind'];
}

/**
 * A page as the parts its compressed answer is made of (decision 308): the document up to its
 * own head tags (template and critical CSS: the same for a language's pages with the same
 * classes), the page's own bytes, and the template's end.
 */
export interface DocumentSplit {
  first: KeptPart;
  middle: string;
  last: KeptPart;
}

/**
 * A rendered page's scripts. Its module scripts load at low priority: its content is in the HTML,
 * the image its first screen shows comes first, and the code (which only hydrates) after it. At
 * the default (high) priority Lighthouse counted the scripts as holding up the first paint. With
 * the build's first-paint entry, the page starts from it instead: the app's entry is preloaded
 * and evaluated once the first screen's image has painted (decision 310).
 */
const renderedScripts = (html: string, firstPaint: string | null) =>
  html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (tag, src: string) =>
      firstPaint
        ? `<script type="module" crossorigin src="${firstPaint}" data-app="${src}"></script>` +
          `<link rel="modulepreload" fetchpriority="low" crossorigin href="${src}">`
        : tag.replace(
            '<script type="module" crossorigin',
            '<script type="module" fetchpriority="low" crossorigin',
          ),
    )
    .replace(
      /<link rel="modulepreload" crossorigin/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );

interface ManifestChunk {
  file?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The build's manifest (absent from builds without one, and without the web app). */
function readManifest(webDist: string): Manifest | null {
  const manifest = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Manifest) : null;
}

/** The first-paint entry's address from the build's manifest (absent from builds before it). */
function firstPaintEntry(manifest: Manifest | null): string | null {
  const file = manifest?.['src/first-paint.ts']?.file;
  return file ? `/${file}` : null;
}

/** The web app's module of each rendered page's screen (apps/web/src/app/router.tsx). */
const SCREEN_MODULES: Record<PageData['kind'], string> = {
  home: 'src/features/catalogue/routes/home.tsx',
  search: 'src/features/catalogue/routes/home.tsx',
  product: 'src/features/catalogue/routes/product.tsx',
  seller: 'src/features/catalogue/routes/seller.tsx',
  sellers: 'src/features/catalogue/routes/sellers.tsx',
};

/** The web app's messages of each language (apps/web/src/i18n/bundles). */
const LANGUAGE_MODULES: Record<PageLanguage, string> = {
  de: 'src/i18n/bundles/de.ts',
  fr: 'src/i18n/bundles/fr.ts',
  it: 'src/i18n/bundles/it.ts',
  en: 'src/i18n/bundles/en.ts',
};

/** A module's chunks and style sheets with those of everything it imports, in the build's order. */
function moduleFiles(manifest: Manifest, key: string): { scripts: string[]; sheets: string[] } {
  const scripts = new Set<string>();
  const sheets = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk?.file || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) sheets.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts: [...scripts], sheets: [...sheets] };
}

/**
 * What a rendered page's screen needs beyond the app's entry (decision 321): the screen's chunks,
 * the page language's messages and the screen's style sheets, named in the head for the page's
 * first-paint entry (apps/web/src/first-paint.ts). It has the browser fetch them when it starts
 * the app, beside the app's entry. The app would otherwise ask for them only once its entry had
 * run, one round trip later, in the middle of its start. Preloaded from the head, they held up
 * the first screen's photo.
 */
function screenFiles(manifest: Manifest | null, screen: PageData['kind'], language: PageLanguage): string {
  if (!manifest) return '';
  const entry = moduleFiles(manifest, 'index.html');
  const own = moduleFiles(manifest, SCREEN_MODULES[screen]);
  const messages = moduleFiles(manifest, LANGUAGE_MODULES[language]);
  const files = [
    ...[...own.scripts, ...messages.scripts].filter((file) => !entry.scripts.includes(file)),
    ...own.sheets.filter((file) => !entry.sheets.includes(file)),
  ];
  return files.length ? `<meta name="mg-screen" content="${files.map((file) => `/${file}`).join(' ')}">` : '';
}

/**
 * A rendered page's first paint waits until the parser has reached the main content (the layout's
 * `<main id="main">`), so the header is never painted half-parsed. A phone painted the header
 * before its cart link was parsed, then moved the menu button aside for it: a layout shift
 * (decision 320). Browsers without render-blocking `expect` links ignore it.
 */
const PAINT_AFTER_HEADER = '<link rel="expect" href="#main" blocking="render">';

/**
 * The app's code and full style sheet, fetched once the first screen's image has painted: in a
 * template (inert) that the first-paint entry puts into the head then (decision 327).
 */
function afterFirstImage(start: string): string {
  const later: string[] = [];
  const rest = start.replace(
    /<link (?:rel="modulepreload"|media="print" data-deferred-sheet)[^>]*>/g,
    (link) => {
      later.push(link);
      return '';
    },
  );
  return later.length ? `${rest}<template data-later>${later.join('')}</template>` : start;
}

const OWN_ROOT = '<div id="root">';
const OWN_STATE = '</div><script id="mg-state" type="application/json">';

/** A digest of the files a build's pages are made from (absent ones count as absent). */
function filesDigest(files: string[]): string {
  const hash = createHash('sha1');
  for (const file of files.sort()) {
    hash.update(file);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('base64url').slice(0, 16);
}

/** Every file under a directory. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];

/** Kept first parts: per language, per critical CSS (the one string per set of classes). */
const KEPT_FIRST_PARTS = 256;

export class PageDocuments {
  private readonly before: string;
  private readonly after: string;
  private renderer: Promise<PageRenderer | null> | undefined;
  /** A rendered page's document up to its head tags, and from them to its root. */
  private readonly rendered: { start: string; end: string };
  private readonly firstParts = new Map<string, Map<string, KeptPart>>();
  private keptLast: KeptPart | undefined;
  /** The files of each kind of page's screen, per language, as its head names them. */
  private readonly screens = new Map<string, string>();

  constructor(
    template: string,
    private readonly rendererFile: string | null,
    /** The build's critical CSS: a rendered page's first paint waits for no style sheet (decision 298). */
    private readonly criticalCss: CriticalCss | null = null,
    /** The build's manifest: its first-paint entry (decision 310) and the screens' files (decision 321). */
    private readonly manifest: Manifest | null = null,
    private readonly buildFingerprint = filesDigest(rendererFile ? [rendererFile] : []) +
      createHash('sha1').update(template).digest('base64url').slice(0, 8),
  ) {
    // The build's own title and description make way for the page's.
    const cleaned = template
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
      .replace('</head>', '  <!--head-->\n  </head>');
    const at = cleaned.indexOf(ROOT);
    if (at < 0) throw new Error('The web app template has no <div id="root"></div>.');
    this.before = cleaned.slice(0, at);
    this.after = cleaned.slice(at + ROOT.length);
    const head = this.before.indexOf('<!--head-->');
    this.rendered = {
      start: renderedScripts(this.before.slice(0, head), firstPaintEntry(manifest)) + PAINT_AFTER_HEADER,
      end: this.before.slice(head + '<!--head-->'.length),
    };
  }

  /** The built web app's template and renderer, each when present. */
  static fromBuild(webDist: string): PageDocuments {
    const index = path.join(webDist, 'index.html');
    const renderer = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
    const template = existsSync(index) ? readFileSync(index, 'utf8') : BARE_TEMPLATE;
    const criticalFile = path.join(webDist, '.vite', 'critical-css.json');
    return new PageDocuments(
      template,
      existsSync(renderer) ? renderer : null,
      CriticalCss.fromBuild(criticalFile, template),
      readManifest(webDist),
      filesDigest([index, criticalFile, ...filesUnder(path.dirname(renderer))]),
    );
  }

  /** The page's markup and data, or null without a renderer (the browser renders then). */
  async render(request: RenderRequest): Promise<RenderResult | null> {
    const file = this.rendererFile;
    this.renderer ??= file
      ? (import(pathToFileURL(file).href) as Promise<PageRenderer>)
      : Promise.resolve(null);
    const renderer = await this.renderer;
    return renderer ? renderer.render(request) : null;
  }

  /** A page's document (the app's shell when there is no rendered body). */
  compose({ language, head, body, screen }: DocumentParts): string {
    if (body) {
      const { first, middle, last } = this.split({ language, head, body, screen });
      return first.bytes.toString() + middle + last.bytes.toString();
    }
    const before = this.before
      .replace(/<html lang="[^"]*"/, `<html lang="${contentLanguage(language)}"`)
      .replace('<!--head-->', () => head);
    return before + ROOT + this.after;
  }

  /**
   * A rendered page in its parts: the first and last kept (compressed once), the middle the
   * page's own (image preload, head tags, markup and data).
   */
  split({ language, head, body, screen }: DocumentParts & { body: RenderResult }): DocumentSplit {
    const critical = this.criticalCss?.headFor(body.html, body.shape) ?? '';
    const links = screen ? this.screenFiles(screen, language) : '';
    const middle = `${imagePreload(body.html)}${links}${head}${this.rendered.end}${OWN_ROOT}${body.html}${OWN_STATE}${scriptJson(body.state)}</script>`;
    return { first: this.firstPart(language, critical), middle, last: this.lastPart };
  }

  private screenFiles(screen: PageData['kind'], language: PageLanguage): string {
    const key = `${screen}:${language}`;
    let files = this.screens.get(key);
    if (files === undefined) this.screens.set(key, (files = screenFiles(this.manifest, screen, language)));
    return files;
  }

  /** The document's end after a rendered page's own bytes, kept compressed. */
  get lastPart(): KeptPart {
    return (this.keptLast ??= keptPart(this.after, { last: true }));
  }

  /**
   * The first part of a rendered page whose markup had this renderer's shape, when this process
   * has found its critical CSS already (decision 316); null when it has not.
   */
  firstPartOfShape(language: PageLanguage, shape: string, middle: () => string): KeptPart {
    let critical = this.criticalCss ? this.criticalCss.knownHead(shape) : '';
    if (critical === undefined) {
      // New to this process: the markup is the page's own bytes between the root's tags.
      const own = middle();
      const start = own.indexOf(OWN_ROOT) + OWN_ROOT.length;
      const html = own.slice(start, own.lastIndexOf(OWN_STATE));
      critical = this.criticalCss!.headFor(html, shape);
    }
    return this.firstPart(language, critical);
  }

  /** What makes a page of the same build the same: the template, the renderer's code, the critical CSS. */
  get fingerprint(): string {
    return this.buildFingerprint;
  }

  private firstPart(language: PageLanguage, critical: string): KeptPart {
    let ofLanguage = this.firstParts.get(language);
    if (!ofLanguage) this.firstParts.set(language, (ofLanguage = new Map()));
    let part = ofLanguage.get(critical);
    if (!part) {
      let start = this.rendered.start.replace(
        /<html lang="[^"]*"/,
        `<html lang="${contentLanguage(language)}"`,
      );
      if (this.criticalCss) start = start.replace(this.criticalCss.link, () => critical);
      // The first-paint entry puts the app's code and sheet into the page (no entry, no wait).
      if (firstPaintEntry(this.manifest)) start = afterFirstImage(start);
      part = keptPart(start, { last: false });
      if (ofLanguage.size >= KEPT_FIRST_PARTS) ofLanguage.delete(ofLanguage.keys().next().value!);
      ofLanguage.set(critical, part);
    }
    return part;
  }
}
