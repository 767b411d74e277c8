/**
 * The HTML document of a page: the web build's index.html (its scripts and styles) with the
 * page's head, language, rendered markup and data put in. The markup comes from the web build's
 * server renderer (apps/web/dist-ssr, docs/decisions/210); without a build (tests before
 * `npm run build`) a page still answers, with its full head and an empty body for the browser to
 * fill, and without the web app at all a bare template stands in.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageLanguage, PageRenderer, RenderRequest, RenderResult } from '@marktgasse/shared';
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

/** The first-paint entry's address from the build's manifest (absent from builds before it). */
function firstPaintEntry(webDist: string): string | null {
  const manifest = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifest)) return null;
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file?: string }>;
  const file = entries['src/first-paint.ts']?.file;
  return file ? `/${file}` : null;
}

/** Kept first parts: per language, per critical CSS (the one string per set of classes). */
const KEPT_FIRST_PARTS = 256;

export class PageDocuments {
  private readonly before: string;
  private readonly after: string;
  private renderer: Promise<PageRenderer | null> | undefined;
  /** A rendered page's document up to its head tags, and from them to its root. */
  private readonly rendered: { start: string; end: string };
  private readonly firstParts = new Map<string, Map<string, KeptPart>>();
  private lastPart: KeptPart | undefined;

  constructor(
    template: string,
    private readonly rendererFile: string | null,
    /** The build's critical CSS: a rendered page's first paint waits for no style sheet (decision 298). */
    private readonly criticalCss: CriticalCss | null = null,
    /** The build's first-paint entry, which starts a rendered page's app (decision 310). */
    firstPaint: string | null = null,
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
      start: renderedScripts(this.before.slice(0, head), firstPaint),
      end: this.before.slice(head + '<!--head-->'.length),
    };
  }

  /** The built web app's template and renderer, each when present. */
  static fromBuild(webDist: string): PageDocuments {
    const index = path.join(webDist, 'index.html');
    const renderer = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
    const template = existsSync(index) ? readFileSync(index, 'utf8') : BARE_TEMPLATE;
    return new PageDocuments(
      template,
      existsSync(renderer) ? renderer : null,
      CriticalCss.fromBuild(path.join(webDist, '.vite', 'critical-css.json'), template),
      firstPaintEntry(webDist),
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
  compose({ language, head, body }: DocumentParts): string {
    if (body) {
      const { first, middle, last } = this.split({ language, head, body });
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
  split({ language, head, body }: DocumentParts & { body: RenderResult }): DocumentSplit {
    const critical = this.criticalCss?.headFor(body.html, body.shape) ?? '';
    const middle = `${imagePreload(body.html)}${head}${this.rendered.end}<div id="root">${body.html}</div><script id="mg-state" type="application/json">${scriptJson(body.state)}</script>`;
    this.lastPart ??= keptPart(this.after, { last: true });
    return { first: this.firstPart(language, critical), middle, last: this.lastPart };
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
      part = keptPart(start, { last: false });
      if (ofLanguage.size >= KEPT_FIRST_PARTS) ofLanguage.delete(ofLanguage.keys().next().value!);
      ofLanguage.set(critical, part);
    }
    return part;
  }
}
