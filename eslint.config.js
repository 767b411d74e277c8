import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { localPlugin } from './eslint/table-owner-rule.js';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Every path rule below resolves the import to a file (eslint-plugin-import-x with the
// TypeScript resolver), so `./../catalogue/routes/home` and `../../features/x` are the same
// import as any other spelling of it (decision 200). Zones are relative to this folder.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const dirsIn = (relative) =>
  readdirSync(new URL(relative, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** The file a public path names (with its extension), for zone exceptions. */
const sourceFile = (relative) =>
  ['.ts', '.tsx'].map((ext) => relative + ext).find((file) => existsSync(new URL(file, import.meta.url))) ??
  relative;

// ---- Web boundaries (issue 16) -------------------------------------------------------------
// A web feature is private to itself except for the paths it offers the others here; code that
// several features need lives in components/, lib/, i18n/, stores/ or config/, which import no
// feature. app/ composes the features (their routes) and may import any of them.
const WEB_FEATURE_PUBLIC = {
  catalogue: ['api/categories'],
  map: ['api/map-config', 'components/location-picker-map'],
};
const WEB = './apps/web/src';
const WEB_FEATURES = dirsIn(`${WEB}/features`);
const WEB_SHARED_DIRS = ['components', 'lib', 'i18n', 'stores', 'config'];
const NO_SERVER_IMPORTS = {
  group: ['**/apps/server/**', '@marktgasse/server'],
  message: 'The web app reaches the server only through its API client, never through server code.',
};
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [
      `./${feature}`,
      ...Object.entries(WEB_FEATURE_PUBLIC)
        .filter(([name]) => name !== feature)
        .flatMap(([name, paths]) =>
          paths.map((offered) =>
            sourceFile(`${WEB}/features/${name}/${offered}`).replace(`${WEB}/features/`, './'),
          ),
        ),
    ],
    message: `The ${feature} feature may use another feature only through what it offers (WEB_FEATURE_PUBLIC in eslint.config.js); move shared code to components/ or lib/.`,
  })),
  ...WEB_SHARED_DIRS.map((dir) => ({
    target: `${WEB}/${dir}`,
    from: `${WEB}/features`,
    message: 'Shared web code (components/, lib/, i18n/, stores/, config/) imports no feature.',
  })),
  {
    target: './apps/web',
    from: './apps/server',
    message: NO_SERVER_IMPORTS.message,
  },
];
// ---- end of web boundaries -------------------------------------------------------------------

// Server boundaries (decisions 135, 200): config/ and lib/ are at the bottom, db/ above them,
// then plugins/, then the modules, then the app (app.ts, server.ts, jobs, demo/). Only repo.ts
// files and db/ speak to the database (demo/ loads data in bulk and may too); a module reaches
// another module through its service, never its repo. Tests and the bench are exempt.
const SERVER = './apps/server/src';
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.integration-test.ts'];
const SERVER_MODULES = dirsIn(`${SERVER}/modules`);
const APP_LEVEL = ['app.ts', 'server.ts', 'cluster.ts', 'demo'].map((f) => `${SERVER}/${f}`);
const ORM_IMPORT = {
  regex: '^(drizzle-orm|pg|@electric-sql/pglite)(/.*)?$',
  message: 'Only repo.ts files and db/ use the ORM and the database drivers: go through a repo.',
};
/**
 * The one repo-to-repo import left, until the orders split (issue 30): the checkout's
 * one-statement write embeds the stores module's stock take (decision 120) so that order and
 * stock commit together. Listed here rather than disabled in the file, so no other can join it.
 */
const KNOWN_REPO_IMPORTS = { orders: [`${SERVER}/modules/stores/repo.ts`] };
const serverZones = [
  {
    target: `${SERVER}/config`,
    from: SERVER,
    except: ['./config'],
    message: 'config/ is read first and imports nothing of the server.',
  },
  {
    target: `${SERVER}/lib`,
    from: SERVER,
    except: ['./lib', './config'],
    message:
      'lib/ is shared infrastructure: it imports only lib/ and config/ (move what both need into lib/ or @marktgasse/shared).',
  },
  {
    target: `${SERVER}/db`,
    from: SERVER,
    except: ['./db', './lib', './config'],
    message: 'db/ is below the modules: it imports only db/, lib/ and config/.',
  },
  {
    target: `${SERVER}/plugins`,
    from: [`${SERVER}/modules`, ...APP_LEVEL],
    message: 'plugins/ sit below the modules: a plugin imports no module (move the shared part into lib/).',
  },
  {
    target: `${SERVER}/modules`,
    from: APP_LEVEL,
    message: 'A module imports nothing of the app that composes it (app.ts, server.ts, cluster.ts, demo/).',
  },
  {
    // Only a module's repo.ts speaks SQL: the schema and the SQL helpers are the repos' own.
    target: `${SERVER}/modules/**/!(repo).ts`,
    from: [`${SERVER}/db/schema.ts`, `${SERVER}/db/sql.ts`],
    message: "Only a module's repo.ts uses the schema and the SQL helpers: go through a repo.",
  },
  {
    // Search builds on the catalogue; app.ts hands the catalogue the sorted lists search makes.
    target: `${SERVER}/modules/catalogue`,
    from: `${SERVER}/modules/search`,
    message:
      'The catalogue imports nothing of search (search builds on the catalogue): pass it in from app.ts.',
  },
  ...SERVER_MODULES.map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: SERVER_MODULES.filter((other) => other !== module)
      .map((other) => `${SERVER}/modules/${other}/repo.ts`)
      .filter((repo) => !KNOWN_REPO_IMPORTS[module]?.includes(repo)),
    message: "A module reaches another module only through that module's service, never its repo.",
  })),
];
/** `process.env` is read in config/env.ts only (and by scripts and tests, which are exempt). */
const NO_PROCESS_ENV_SYNTAX = {
  selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
  message: 'Configuration is read only in apps/server/src/config/env.ts: add the variable there.',
};
/**
 * Transactions are opened in one layer, the services (issue 30, decisions 275 and 303): a service
 * opens `db.transaction` and builds its repos on the transaction (`new XRepo(tx)`), so one unit
 * of work can span several repo calls. Any `.transaction` in a repo file is refused.
 */
const REPO_FILES = ['apps/server/src/**/repo.ts', 'apps/server/src/**/*-repo.ts'];
const NO_REPO_TRANSACTION = {
  selector: "MemberExpression[property.name='transaction']",
  message:
    'A repo opens no transaction: the service opens it and builds the repo on it (`new XRepo(tx)`, decision 303).',
};
const NO_PROCESS_ENV = {
  'no-restricted-properties': [
    'error',
    {
      object: 'process',
      property: 'env',
      message: 'Configuration is read only in apps/server/src/config/env.ts: add the variable there.',
    },
  ],
  'no-restricted-syntax': ['error', NO_PROCESS_ENV_SYNTAX],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'e2e/test-results/**',
      'bench/results/**',
      '**/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Tests read JSON answers loosely.
    files: [
      '**/test/**/*.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*-test.ts',
      'e2e/**/*.ts',
      '**/bench/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app reaches the server only through its API client, never through server code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_IMPORTS] }] },
  },
  {
    // Import walls and cycles, for every workspace: each import is resolved to its file.
    files: ['apps/**/*.{ts,tsx,mjs}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts file and finds no cycle at all.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...webZones, ...serverZones] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...SERVER_TESTS, 'apps/server/src/config/env.ts'],
    rules: NO_PROCESS_ENV,
  },
  {
    // Each table has one owner module (apps/server/src/db/table-owners.json, decision 202).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: SERVER_TESTS,
    plugins: { marktgasse: localPlugin },
    rules: { 'marktgasse/table-owner': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      ...SERVER_TESTS,
      'apps/server/src/db/**',
      'apps/server/src/**/repo.ts',
      'apps/server/src/demo/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [ORM_IMPORT] }] },
  },
  {
    // Both lists: a later block's no-restricted-syntax replaces an earlier block's list.
    files: REPO_FILES,
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-syntax': ['error', NO_PROCESS_ENV_SYNTAX, NO_REPO_TRANSACTION] },
  },
  {
    // Its `eslint-disable-next-line no-restricted-imports` (for the import KNOWN_REPO_IMPORTS
    // allows) has nothing left to disable; the file is the orders split's to clean up.
    files: ['apps/server/src/modules/orders/repo.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    // A server function fits on a screen (issue 30, decision 275); blank lines and comments do
    // not count. One that must stay longer says why where it stands:
    // `// eslint-disable-next-line max-lines-per-function -- <reason>`.
    files: ['apps/server/src/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Tests may set up what they need through any path.
    files: [...SERVER_TESTS, 'apps/server/test/**/*.ts', 'apps/web/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
