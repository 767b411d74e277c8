/**
 * The rule index of the built style sheets, for the server's critical CSS (decision 298): every
 * style rule with the classes an element needs for it to match (one list per selector of the
 * rule), in the sheets' order. The server keeps, for a rendered page, the rules whose classes the
 * page's markup has (element and attribute rules always), and inlines them; the sheets then load
 * without blocking the first paint. Written by the web build as `.vite/critical-css.json`.
 */
import postcss from 'postcss';

/**
 * The text of a selector without what does not have to match for the rule to apply to something:
 * attribute selectors and the arguments of `:not()`, `:is()`, `:where()`. The one selector of a
 * `:has()` stays (the markup must hold that descendant).
 */
function required(selector) {
  const plain = selector.replace(/:has\(([^(),]*)\)/g, ' $1');
  let out = '';
  let depth = 0;
  for (let i = 0; i < plain.length; i += 1) {
    const c = plain[i];
    if (c === '\\') {
      if (depth === 0) out += plain.slice(i, i + 2);
      i += 1;
    } else if (c === '(' || c === '[') {
      depth += 1;
    } else if (c === ')' || c === ']') {
      depth -= 1;
    } else if (depth === 0) out += c;
  }
  return out;
}

const CLASS = /\.((?:[-\w\u00a0-\uffff]|\\.)+)/g;

/** The classes an element (and its ancestors) must have for `selector` to match. */
export function classesOf(selector) {
  return [...required(selector).matchAll(CLASS)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/**
 * The elements an element (and its ancestors) must be for `selector` to match, as `<name`
 * (lower case: the server reads the markup's tag names so): `textarea.form-control` needs a
 * `<textarea`. Pseudo-classes and -elements, classes and ids are not element names.
 */
export function tagsOf(selector) {
  const plain = required(selector)
    .replace(/::?[-\w]+/g, '')
    .replace(CLASS, '')
    .replace(/#(?:[-\w]|\\.)+/g, '');
  return [...plain.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => `<${m[1].toLowerCase()}`);
}

const VARIABLE = /var\(\s*(--[\w-]+)/g;
const variablesIn = (text) => [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]))];

/**
 * A rule's custom properties apart (`--bs-…: value` with the variables the value uses), so the
 * server inlines only those that the kept rules use: Bootstrap's `:root` alone defines about 150,
 * a page's first paint uses a third of them.
 */
function split(rule, selectors) {
  const own = [];
  const other = [];
  for (const node of rule.nodes)
    if (node.type === 'decl' && node.prop.startsWith('--'))
      own.push([node.prop, node.toString(), variablesIn(node.value)]);
    else other.push(node.toString());
  const uses = variablesIn(other.join(';'));
  if (own.length === 0) return { uses };
  return { uses, selector: selectors.join(','), declarations: other.join(';'), variables: own };
}

/**
 * A state only a visitor's pointer or keyboard gives (not inside `:not()`, which `required`
 * drops): a first paint never shows it, and the app switches the whole sheet on at a visitor's
 * first pointer, key or focus (decision 338).
 */
const INTERACTION = /:(hover|active|focus|focus-visible|focus-within)(?![-\w])/;
const onInteraction = (selector) => INTERACTION.test(required(selector));

/**
 * `{ rules: [{ at: ['@media …'], need: [['btn', 'btn-primary', '<a'], …] | null, css, uses,
 * selector?, declarations?, variables? }] }` for the sheets' texts in order. `need` null: the
 * rule has no selector (font faces, keyframes) or a selector that needs no class or element, it
 * is always kept. `uses`: the custom properties its other declarations read; a rule that defines
 * some has them in `variables` (name, declaration, what it reads) and the rest apart.
 */
export function ruleIndex(sheets) {
  const rules = [];
  for (const { href, css } of sheets) {
    const root = postcss.parse(css);
    const visit = (container, at) => {
      container.each((node) => {
        if (node.type === 'rule') {
          // Selectors of states a visitor brings about stay out of the first paint's CSS (a
          // tenth of a page's inlined rules): the bytes before the first paint are the phone's.
          const selectors = node.selectors.filter((selector) => !onInteraction(selector));
          if (selectors.length === 0) return;
          const need = selectors.map((selector) => [...classesOf(selector), ...tagsOf(selector)]);
          const always = need.some((names) => names.length === 0);
          const css =
            selectors.length === node.selectors.length
              ? node.toString()
              : node.clone({ selectors }).toString();
          rules.push({ sheet: href, at, need: always ? null : need, css, ...split(node, selectors) });
        } else if (node.type === 'atrule') {
          if (/^(media|supports|layer|container)$/.test(node.name) && node.nodes)
            visit(node, [...at, `@${node.name} ${node.params}`]);
          else {
            const text = node.toString();
            rules.push({ sheet: href, at, need: null, css: text, uses: variablesIn(text) });
          }
        }
      });
    };
    visit(root, []);
  }
  return { rules };
}

/**
 * The entry sheet in `count` consecutive parts of about equal length, cut between top-level rules
 * (an `@media` block stays whole), so that the parts joined in order are the sheet. A browser
 * decodes and parses each linked sheet in a task of its own: on a phone one 110 KB sheet is one
 * task long enough to delay a tap, a quarter of it is not (decision 319).
 */
export function sheetParts(css, count) {
  const nodes = postcss.parse(css).nodes.map((node) => node.toString());
  const total = nodes.reduce((sum, text) => sum + text.length, 0);
  const parts = [];
  let current = [];
  let length = 0;
  for (const text of nodes) {
    // Cut before a rule whose middle lies past the next part's end: the cuts fall at the rule
    // boundaries nearest to equal shares.
    const end = (total * (parts.length + 1)) / count;
    if (parts.length < count - 1 && current.length > 0 && length + text.length / 2 > end) {
      parts.push(current.join(''));
      current = [];
    }
    current.push(text);
    length += text.length;
  }
  if (current.length > 0) parts.push(current.join(''));
  return parts;
}
