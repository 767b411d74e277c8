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

export class PageDocuments {
  private readonly before: string;
  private readonly after: string;
  private renderer: Promise<PageRenderer | null> | undefined;

  constructor(
    template: string,
    private readonly rendererFile: string | null,
    /** The build's critical CSS: a rendered page's first paint waits for no style sheet (decision 298). */
    private readonly criticalCss: CriticalCss | null = null,
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

  compose({ language, head, body }: DocumentParts): string {
    const root = body
      ? `<div id="root">${body.html}</div><script id="mg-state" type="application/json">${scriptJson(body.state)}</script>`
      : ROOT;
    let before = this.before
      .replace(/<html lang="[^"]*"/, `<html lang="${contentLanguage(language)}"`)
      .replace('<!--head-->', () => head);
    const critical = body && this.criticalCss;
    if (critical)
      before = before.replace(critical.link, () => imagePreload(body.html) + critical.headFor(body.html));
    return before + root + this.after;
  }
}
