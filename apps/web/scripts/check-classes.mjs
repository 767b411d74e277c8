// Fails the build when a screen names a Bootstrap utility class that the built CSS lacks.
// src/styles/main.scss removes the utilities the app does not use, to keep the CSS small. A screen
// that later used one got no style and no warning: `font-monospace` on IBANs and QR references,
// `order-*` in the header and `column-gap-*` were all missing (decision 312).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(here, '../dist');
const src = path.resolve(here, '../src');

/** The families of Bootstrap's utility API (and its helpers), by the prefix of their classes. */
const UTILITY =
  /^(d|flex|order|gap|row-gap|column-gap|[mp][tbsexy]?|text|bg|border|rounded|font|fw|fs|fst|lh|w|h|mw|mh|vw|vh|min-vw|min-vh|position|top|bottom|start|end|translate|shadow|overflow(-x|-y)?|opacity|z|float|align|justify|user-select|pe|object-fit|link|focus-ring|visually)-|^(visible|invisible|clearfix|vr|stretched-link|text-truncate)$/;

const files = (dir, ending) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return files(file, ending);
    return file.endsWith(ending) && !/\.test\.tsx$/.test(file) ? [file] : [];
  });

// Every class a selector of the built style sheets names.
const defined = new Set();
for (const file of files(path.join(dist, 'assets'), '.css'))
  for (const match of readFileSync(file, 'utf8').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) defined.add(match[1]);

/** The text of the string and template literals inside a `className` value (not its expressions). */
function classTexts(source) {
  const texts = [];
  for (const match of source.matchAll(/className=(?:"([^"]*)"|\{)/g)) {
    if (match[1] !== undefined) {
      texts.push(match[1]);
      continue;
    }
    // The braces' content, balanced.
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    while (depth > 0 && at < source.length) {
      if (source[at] === '{') depth += 1;
      else if (source[at] === '}') depth -= 1;
      at += 1;
    }
    const inner = source.slice(start, at - 1);
    for (const literal of inner.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g))
      texts.push((literal[1] ?? literal[2] ?? literal[3]).replace(/\$\{[^}]*\}/g, ' '));
  }
  return texts;
}

const missing = new Map();
for (const file of files(src, '.tsx'))
  for (const text of classTexts(readFileSync(file, 'utf8')))
    for (const name of text.split(/\s+/))
      if (name && !name.endsWith('-') && UTILITY.test(name) && !defined.has(name))
        missing.set(name, [...(missing.get(name) ?? []), path.relative(src, file)]);

if (missing.size > 0) {
  console.error('Utility classes the screens name but the CSS lacks (src/styles/main.scss removes them):');
  for (const [name, where] of missing) console.error(`  ${name}: ${[...new Set(where)].join(', ')}`);
  process.exit(1);
}
console.info(`utility classes: every one the screens name is in the CSS`);
