/**
 * The critical CSS of a rendered page (decision 298): the style rules its markup can match, inlined
 * in the head, so the first paint waits for no style sheet. The web build writes the index of its
 * sheets' rules (`.vite/critical-css.json`, apps/web/scripts/critical-css.mjs): for each rule, the
 * classes an element needs for one of its selectors to match. A rule is kept when the markup has
 * all the classes of one selector (rules of elements and attributes always are), a superset of
 * what matches: nothing on the first screen waits for the sheet. The entry's sheet then loads with
 * `media="print"` (not blocking), in parts the browser parses one task each (decision 319), and
 * the app switches them on together before it renders anything (apps/web/src/main.tsx); the other
 * screens' sheets load with their code, as before.
 */
import { existsSync, readFileSync } from 'node:fs';

interface IndexedRule {
  sheet: string;
  at: string[];
  /** Per selector, the classes and the elements (`<textarea`) it needs. */
  need: string[][] | null;
  css: string;
  /** The custom properties its other declarations read. */
  uses?: string[];
  /** A rule that defines custom properties: written again with the used ones only. */
  selector?: string;
  declarations?: string;
  variables?: [name: string, declaration: string, uses: string[]][];
}

interface RuleIndex {
  entry: string;
  /** The entry sheet in consecutive parts, which a rendered page loads instead (decision 319). */
  parts?: string[];
  rules: IndexedRule[];
}

/** Different markups with the same classes share their CSS; the pages' kinds make few sets. */
const CACHED_SETS = 64;
/** Markups of one shape (the same class attributes and elements, in the same order) share it too. */
const CACHED_SHAPES = 256;
const TAG_OR_CLASSES = /<([a-zA-Z][\w-]*)|\s(?:data-later-)?class="([^"]*)"/g;

/**
 * The markup's class attributes and element names as written, each once, in order (a tag as
 * `<name`: an attribute's `<` is written `&lt;`). Cheap to read (about a quarter of splitting every
 * class), and pages of one kind have few shapes. An element's `data-later-class` names the classes
 * its code gives it or its children on its own, before a visitor does anything (the carousel's
 * slide moves): the page carries their rules too, and so applies the app's whole sheet no sooner
 * (decision 338).
 */
function shapeOf(html: string): string[] {
  const seen = new Set<string>();
  for (const match of html.matchAll(TAG_OR_CLASSES))
    seen.add(match[1] === undefined ? match[2]! : `<${match[1]}`);
  return [...seen];
}

/** A shape's classes and elements (`<a`; the document's own always there). */
function namesOf(shape: string[]): Set<string> {
  const names = new Set<string>(['<html', '<body']);
  for (const item of shape)
    if (item.startsWith('<')) names.add(item.toLowerCase());
    else for (const name of item.split(/\s+/)) if (name) names.add(name);
  return names;
}

const sortedNames = (shape: string[]) => [...namesOf(shape)].sort();

/** The markup's classes and elements, sorted and joined: what its critical CSS is chosen by. */
export const markupNames = (html: string) => sortedNames(shapeOf(html)).join(' ');

const remember = <T>(cache: Map<string, T>, size: number, key: string, value: T) => {
  if (cache.size >= size) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
};

/** The custom properties the rules read, and those read by the definitions of those. */
function usedVariables(rules: IndexedRule[]): Set<string> {
  const used = new Set(rules.flatMap((rule) => rule.uses ?? []));
  const definitions = new Map<string, string[]>();
  for (const rule of rules)
    for (const [name, , uses] of rule.variables ?? [])
      definitions.set(name, [...(definitions.get(name) ?? []), ...uses]);
  for (const name of used) for (const next of definitions.get(name) ?? []) used.add(next);
  return used;
}

/** A rule as inlined: with only the custom properties in use (none left and nothing else: dropped). */
function ruleText(rule: IndexedRule, used: Set<string>): string {
  if (!rule.variables) return rule.css;
  const kept = rule.variables.filter(([name]) => used.has(name)).map(([, declaration]) => declaration);
  if (rule.declarations) kept.push(rule.declarations);
  return kept.length ? `${rule.selector}{${kept.join(';')}}` : '';
}

/** The rules as one style sheet's text, each inside its at-rules (`@media …`). */
function sheetText(rules: IndexedRule[], used: Set<string>): string {
  let css = '';
  let open: string[] = [];
  for (const rule of rules) {
    const text = ruleText(rule, used);
    if (!text) continue;
    if (open.join('\n') !== rule.at.join('\n')) {
      css += '}'.repeat(open.length) + rule.at.map((at) => `${at}{`).join('');
      open = rule.at;
    }
    css += text;
  }
  return css + '}'.repeat(open.length);
}

/** A style element's text may not close the element (the sheets have no `</style`, this makes sure). */
const styleElement = (css: string) => (css ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` : '');

export class CriticalCss {
  private readonly cache = new Map<string, string>();
  private readonly byShape = new Map<string, string>();

  private constructor(
    private readonly index: RuleIndex,
    /** The entry sheet's `<link>` as the web build wrote it into index.html. */
    readonly link: string,
  ) {}

  /** The build's index, when the build has one and its template links the entry's sheet. */
  static fromBuild(indexFile: string, template: string): CriticalCss | null {
    if (!existsSync(indexFile)) return null;
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as RuleIndex;
    const link = template.match(new RegExp(`<link rel="stylesheet"[^>]*href="${index.entry}"[^>]*>`))?.[0];
    return link ? new CriticalCss(index, link) : null;
  }

  /**
   * What stands for the entry sheet's link in the head of a page with this markup: the entry's
   * rules it can match, the sheet itself not blocking (and as it was without JavaScript), then
   * the rules of the other screens' sheets (the product page's, for instance), in the order the
   * sheets apply once the app has loaded them.
   */
  headFor(html: string, rendererShape?: string): string {
    // The renderer's key of the markup's shape spares reading it (decision 313); a key of its own
    // kind cannot be a read shape, which starts with a tag or a class attribute's value.
    if (rendererShape === undefined) return this.headOfShape(shapeOf(html));
    const given = `\u0000${rendererShape}`;
    let head = this.byShape.get(given);
    if (head === undefined)
      remember(this.byShape, CACHED_SHAPES, given, (head = this.headOfShape(shapeOf(html))));
    return head;
  }

  /** The head already found for a renderer's shape key, if any (a stored page's: decision 316). */
  knownHead(rendererShape: string): string | undefined {
    return this.byShape.get(`\u0000${rendererShape}`);
  }

  /** The head for a shape read from a markup: by the shape, else by its set of names. */
  private headOfShape(shape: string[]): string {
    const shapeKey = shape.join('\n');
    let head = this.byShape.get(shapeKey);
    if (head !== undefined) return head;
    const names = sortedNames(shape);
    const key = names.join(' ');
    head = this.cache.get(key);
    if (head === undefined) remember(this.cache, CACHED_SETS, key, (head = this.compose(new Set(names))));
    remember(this.byShape, CACHED_SHAPES, shapeKey, head);
    return head;
  }

  private compose(classes: Set<string>): string {
    const kept = this.index.rules.filter(
      (rule) => rule.need === null || rule.need.some((need) => need.every((name) => classes.has(name))),
    );
    const entry = kept.filter((rule) => rule.sheet === this.index.entry);
    // Another screen's sheet lends only rules of classes (and keyframes): its rules of plain
    // elements apply only where that screen's code has loaded it.
    const others = kept.filter(
      (rule) => rule.sheet !== this.index.entry && (rule.need !== null || rule.css.startsWith('@')),
    );
    // The entry sheet (or its parts, each parsed in a task of its own: decision 319), not blocking.
    const hrefs = this.index.parts?.length ? this.index.parts : [this.index.entry];
    const deferred = hrefs
      .map((href) =>
        this.link
          .replace(`href="${this.index.entry}"`, `href="${href}"`)
          .replace('<link ', '<link media="print" data-deferred-sheet '),
      )
      .join('');
    // Custom properties are inherited everywhere: one set for both sheets' rules.
    const used = usedVariables([...entry, ...others]);
    return `${styleElement(sheetText(entry, used))}${deferred}<noscript>${this.link}</noscript>${styleElement(sheetText(others, used))}`;
  }
}
