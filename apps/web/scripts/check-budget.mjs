// Fails the build when the home route's first-screen JavaScript or the CSS exceeds its budget
// (gzipped). The first screen needs the entry, the chunks it preloads, the home route chunk with
// its static imports and one language's messages (the largest of the four counts): issue 28,
// decision 260.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const BUDGET = { js: 90 * 1024, css: 25 * 1024 };
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

// Initial JS: the entry scripts, the chunks they preload, and the home route chunk with its static imports.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) collect(imp);
}
collect('index.html');
// A server-rendered page starts from the first-paint entry, which then imports index.html's (decision 310).
collect('src/first-paint.ts');
const home = Object.keys(manifest).find((k) => k.endsWith('features/catalogue/routes/home.tsx'));
if (home) collect(home);
const messages = Object.keys(manifest)
  .filter((k) => /src\/i18n\/bundles\/[a-z]{2}\.ts$/.test(k))
  .map((k) => gz(manifest[k].file));
const js =
  [...seen].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0) + Math.max(0, ...messages);
const cssFiles = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css') && html.includes(f));
const css = cssFiles.reduce((sum, f) => sum + gz(path.join('assets', f)), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.info(
  `home route first-screen JS ${kb(js)} gzipped, one language's messages included (budget ${kb(BUDGET.js)}), CSS ${kb(css)} (budget ${kb(BUDGET.css)})`,
);
if (js > BUDGET.js || css > BUDGET.css) {
  console.error('Web budget exceeded: trim the home route (lazy-load heavy libraries) or the CSS.');
  process.exit(1);
}

// The entry's chunks and the home route's carry V8's compile hint as their first line (decision
// 321): anywhere else V8 does not read it.
const HINT = '//# allFunctionsCalledOnLoad\n';
const unhinted = [...seen]
  .filter((f) => f.endsWith('.js') && !f.includes('first-paint'))
  .filter((f) => !readFileSync(path.join(dist, f), 'utf8').startsWith(HINT));
if (unhinted.length) {
  console.error(`The compile hint is not the first line of ${unhinted.join(', ')}.`);
  process.exit(1);
}
