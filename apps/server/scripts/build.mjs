#!/usr/bin/env node
// Compiles the server for production (decision 138): src/server.ts and src/cluster.ts, with
// the shared package, into dist/*.js with source maps; npm packages stay imports. Tests and
// `npm run dev` run the TypeScript directly.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(serverDir, 'src');
const outDir = path.join(serverDir, 'dist');
const entries = ['server.ts', 'cluster.ts'].map((file) => path.join(srcDir, file));
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const workspacePackages = ['@marktgasse/shared'];
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !workspacePackages.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * Modules find their files (migrations, the postcode list, the web build) next to their own
 * source: in the bundle, `import.meta.url` keeps meaning the source file, given relative to
 * the bundle so that the repository can move. Entry files keep their own URL (self-start check).
 */
const sourceUrls = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (entries.includes(args.path) || !text.includes('import.meta.')) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      const dirname = `new URL(".", ${url}).pathname.replace(/\\/$/, "")`;
      return {
        loader: 'ts',
        contents: text.replaceAll('import.meta.url', url).replaceAll('import.meta.dirname', dirname),
      };
    });
  },
};

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  sourcesContent: false,
  external,
  plugins: [sourceUrls],
  logLevel: 'warning',
});
console.info(`server built in ${Date.now() - started} ms → ${path.relative(process.cwd(), outDir) || '.'}`);
