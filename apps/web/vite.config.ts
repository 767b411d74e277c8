import { defineConfig } from 'vitest/config';
import type { Plugin, Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { ruleIndex, sheetParts } from './scripts/critical-css.mjs';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
/** An absolute file for an alias (a bare name there makes Vite warn of duplicated modules). */
const esm = (name: string) => fileURLToPath(import.meta.resolve(name));

/**
 * Production builds, the browser's and the server renderer's alike, run Preact's React-compatible
 * runtime (decision 260, which brings back decision 003 for production): react-dom alone was
 * about 60 KB of the home page's 123 KB (gzipped), the 90 KB first-screen budget cannot be met
 * with it. Server and browser run the same runtime, so hydration sees the markup (and the
 * `useId` values) it would render itself. Unit tests and the dev server run React.
 * react-router's package exports point every condition at its development build (warnings,
 * invariant texts); production builds take its production build instead.
 */
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(pkgDir('react-router'), 'dist/production/index.mjs') },
  { find: /^react-dom\/client$/, replacement: esm('preact/compat/client') },
  { find: /^react-dom\/server$/, replacement: esm('preact/compat/server') },
  { find: /^react-dom$/, replacement: esm('preact/compat') },
  { find: /^react\/jsx-runtime$/, replacement: esm('preact/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: esm('preact/jsx-dev-runtime') },
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'src/app/react-on-preact.js') },
];

/**
 * Few, larger chunks: the server speaks HTTP/1.1, so on a phone every further request of the first
 * screen costs a round trip. `core` is all the entry imports (not the entries themselves: main awaits the
 * first screen's chunk, which imports core); `shared-ui` holds the libraries and shared components
 * that two or more screens use, except dialogs and the map, which keep chunks of their own. Each
 * language's messages are one chunk too (src/i18n/bundles).
 */
// (`history-entry.ts` is part of the rendered page's small entry script, decision 337.)
const ENTRY = /[\\/]src[\\/](main\.tsx|first-paint\.ts|history-entry\.ts)$|\.html$/;
const SHARED_LIBRARIES =
  /node_modules[\\/](react-bootstrap|@restart|@tanstack|dom-helpers|uncontrollable|warning|invariant|classnames|prop-types)[\\/]/;
const SHARED_SOURCES =
  /[\\/]web[\\/]src[\\/](components|i18n|lib|stores|config|features[\\/]catalogue[\\/](api|components))[\\/]|[\\/]shared[\\/]src[\\/]money[\\/]money\.ts$/;
const OWN_CHUNK = /Modal|confirm-dialog|scrollbarSize/;
const codeSplitting = {
  groups: [
    { name: 'core', tags: ['$initial' as const], test: (id: string) => !ENTRY.test(id), priority: 20 },
    {
      name: 'shared-ui',
      test: (id: string) => (SHARED_LIBRARIES.test(id) || SHARED_SOURCES.test(id)) && !OWN_CHUNK.test(id),
      minShareCount: 2,
      priority: 10,
    },
  ],
};

/**
 * The site's icons as PNG files, drawn from public/favicon.svg at build time (decision 321): the
 * browser's tab icon (32 px), the icon a phone puts on its home screen (180 px), and the logo for
 * link previews and the Organization's structured data (512 px; chat apps show no SVG). A page
 * links the PNG only: a browser draws an SVG icon as a document of its own on the page's main
 * thread, while the page starts.
 */
const ICONS = [
  { file: 'favicon-32.png', size: 32, square: false },
  // Square and opaque: the phone rounds it itself (it would fill the transparent corners with black).
  { file: 'apple-touch-icon.png', size: 180, square: true },
  { file: 'icon-512.png', size: 512, square: false },
];

function icons(): Plugin {
  const source = path.resolve(import.meta.dirname, 'public/favicon.svg');
  // The drawing is 32 units wide: the density that makes it `size` pixels.
  const draw = ({ size, square }: (typeof ICONS)[number]) => {
    const image = sharp(source, { density: (72 * size) / 32 }).resize(size, size);
    return (square ? image.flatten({ background: '#b4232a' }) : image)
      .png({ compressionLevel: 9 })
      .toBuffer();
  };
  return {
    name: 'marktgasse:icons',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = ICONS.find(({ file }) => request.url === `/${file}`);
        if (!icon) return next();
        draw(icon).then((png) => {
          response.setHeader('content-type', 'image/png');
          response.end(png);
        }, next);
      });
    },
    async generateBundle() {
      for (const icon of ICONS)
        this.emitFile({ type: 'asset', fileName: icon.file, source: await draw(icon) });
    },
  };
}

/** The screens the server renders (apps/server/src/modules/pages/document.ts, SCREEN_MODULES). */
const RENDERED_SCREENS =
  /[\\/]src[\\/]features[\\/]catalogue[\\/]routes[\\/](home|product|seller|sellers)\.tsx$/;

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 on; other browsers read
 * a comment) on the chunks a rendered page runs as it starts: the app's entry with what it
 * imports, and the rendered screens with theirs (decision 321). Most of their functions run
 * while the page hydrates; the browser compiles them beside the download, off the page's main
 * thread, instead of one by one on it at their first call. The hint must be a file's first line.
 */
function compileHints(): Plugin {
  return {
    name: 'marktgasse:compile-hints',
    apply: 'build',
    // After Vite's own step, which puts the map of a chunk's lazy imports (`__vite__mapDeps`) in
    // front of the chunk's code: before it, the hint was the core chunk's second line, and V8
    // compiled that chunk's functions lazily again.
    generateBundle: { order: 'post', handler: hintChunks },
  };
}

function hintChunks(_options: unknown, bundle: Rolldown.OutputBundle): void {
  const hinted = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || hinted.has(fileName)) return;
    hinted.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of Object.values(bundle))
    if (
      chunk.type === 'chunk' &&
      ((chunk.isEntry && chunk.name === 'index') ||
        (chunk.isDynamicEntry && RENDERED_SCREENS.test(chunk.facadeModuleId ?? '')))
    )
      visit(chunk.fileName);
  for (const fileName of hinted) {
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
  }
}

/**
 * Brotli and gzip copies of the built text files at the best levels, written beside them: the
 * server sends those (`preCompressed` in apps/server/src/plugins/web.ts) instead of compressing
 * each answer on the fly at a fast level, so a phone downloads about a sixth less.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'marktgasse:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** In how many parts a rendered page loads the entry's style sheet (decision 319). */
const ENTRY_SHEET_PARTS = 4;

/**
 * `.vite/critical-css.json`: the rule index of the built style sheets, the entry's first (the one
 * index.html links), from which the server inlines the rules a rendered page's markup can match
 * and loads the sheet without blocking the first paint (decision 298), and the entry sheet's
 * parts, which a rendered page loads instead of it (decision 319).
 */
function criticalCssIndex(): Plugin {
  return {
    name: 'marktgasse:critical-css',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The entry's style sheets: those of the chunks the entry imports statically (core).
      const entryCss = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) entryCss.add(`/${css}`);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      const sheets = Object.values(bundle)
        .flatMap((file) =>
          file.type === 'asset' && file.fileName.endsWith('.css')
            ? [{ href: `/${file.fileName}`, css: String(file.source) }]
            : [],
        )
        .sort(
          (a, b) =>
            Number(entryCss.has(b.href)) - Number(entryCss.has(a.href)) || a.href.localeCompare(b.href),
        );
      if (entryCss.size !== 1) this.error(`the entry should have one style sheet, not ${entryCss.size}`);
      const entry = [...entryCss][0]!;
      // The entry sheet again in parts, which a rendered page loads instead (decision 319); the
      // whole stays for the screens the browser renders itself and for a browser without scripts.
      const parts = sheetParts(sheets.find((sheet) => sheet.href === entry)!.css, ENTRY_SHEET_PARTS).map(
        (css, i) => {
          const fileName = entry.slice(1).replace(/\.css$/, `-${i + 1}.css`);
          this.emitFile({ type: 'asset', fileName, source: css });
          return `/${fileName}`;
        },
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/critical-css.json',
        source: JSON.stringify({ entry, parts, ...ruleIndex(sheets) }),
      });
    },
  };
}

/**
 * Rolldown warns when a plugin takes long (the precompression under a loaded machine): that
 * measures the machine, not the code, and the build prints no warnings (issue 30).
 */
const TIMING_CHECKS = { bundlerTimings: false };

/**
 * `vite build --ssr src/entry-server.tsx` builds the server's renderer into dist-ssr/ (decision
 * 210): for Node, no chunk groups, no compressed copies.
 */
const ssrBuild = {
  target: 'node20',
  outDir: 'dist-ssr',
  sourcemap: false,
  emptyOutDir: true,
  rolldownOptions: { checks: TIMING_CHECKS, output: { entryFileNames: 'entry-server.js' } },
};

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), icons(), compileHints(), criticalCssIndex(), precompress()],
  resolve: mode === 'production' ? { alias: productionAliases } : {},
  // The renderer carries its libraries: several (react-bootstrap) cannot be loaded by Node's ESM as published.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8000', '/media': 'http://127.0.0.1:8000' },
  },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 1200,
        manifest: true,
        rolldownOptions: {
          checks: TIMING_CHECKS,
          // A server-rendered page starts from src/first-paint.ts, which imports the app's entry
          // once the first screen has painted (decision 310); the manifest names both.
          input: { index: 'index.html', 'first-paint': 'src/first-paint.ts' },
          output: { codeSplitting },
        },
      },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Both cores (vitest's default leaves one idle here), and one jsdom and one module graph per
    // worker for all its files: 2 minutes became 20 s. The setup file cleans the DOM, storage
    // and mocks after every test (decision 306).
    maxWorkers: 2,
    isolate: false,
    // Vitest's 5 s is too tight for the pages that render dozens of rows in jsdom: My Products'
    // paging cases took 2-4 s alone and timed out at 5 s beside other files on a busy 2-core
    // machine (decision 266). A hanging test still fails, after 20 s.
    testTimeout: 20_000,
  },
}));
