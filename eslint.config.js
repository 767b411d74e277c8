import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// ---- Web boundaries (issue 16) -------------------------------------------------------------
// A web feature is private to itself except for the paths it offers the others here; code that
// several features need lives in components/, lib/, i18n/, stores/ or config/, which import no
// feature. app/ composes the features (their routes) and may import any of them.
const WEB_FEATURE_PUBLIC = {
  catalogue: ['api/categories'],
  map: ['api/map-config', 'components/location-picker-map'],
};
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_SHARED_DIRS = ['components', 'lib', 'i18n', 'stores', 'config'];
const NO_SERVER_IMPORTS = {
  group: ['**/apps/server/**', '@marktgasse/server'],
  message: 'The web app reaches the server only through its API client, never through server code.',
};
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A relative import that climbs out of `own` into another feature, except into a path that
 * feature offers. (A folder inside a feature named like another feature would be taken for it.)
 */
function otherFeatureImport(own) {
  const others = WEB_FEATURES.filter((name) => name !== own).map((name) => {
    const offered = (WEB_FEATURE_PUBLIC[name] ?? []).map(escapeRegex).join('|');
    return offered ? `${escapeRegex(name)}(?!/(?:${offered})$)` : escapeRegex(name);
  });
  return `^(?:\\.\\./)+(?:features/)?(?:${others.join('|')})(?:/|$)`;
}
const webBoundaries = [
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER_IMPORTS,
            {
              regex: otherFeatureImport(feature),
              message: `The ${feature} feature may use another feature only through what it offers (WEB_FEATURE_PUBLIC in eslint.config.js); move shared code to components/ or lib/.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: WEB_SHARED_DIRS.map((dir) => `apps/web/src/${dir}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER_IMPORTS,
            {
              regex: '(?:^|/)features(?:/|$)',
              message: 'Shared web code (components/, lib/, i18n/, stores/, config/) imports no feature.',
            },
          ],
        },
      ],
    },
  },
];
// ---- end of web boundaries -------------------------------------------------------------------

// Server boundaries (decision 135): lib/ is below modules and plugins; only repo.ts files and
// db/ speak to the database (demo/ loads data in bulk and may too); a module reaches another
// module through its service, never its repo. Tests and the bench are exempt.
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.integration-test.ts'];
const ORM_IMPORT = {
  regex: '^(drizzle-orm|pg|@electric-sql/pglite)(/.*)?$',
  message: 'Only repo.ts files and db/ use the ORM and the database drivers: go through a repo.',
};
const OTHER_MODULE_REPO = {
  regex: '^(\\.\\./)+[^./][^/]*/repo(\\.ts)?$',
  message: "A module reaches another module only through that module's service, never its repo.",
};
const MODULE_OR_PLUGIN = {
  regex: '(^|/)(modules|plugins)/',
  message:
    'lib/ is shared infrastructure: it imports no module or plugin (move what both need into lib/ or @marktgasse/shared).',
};
const serverImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
  // ---- server boundaries (see SERVER_TESTS above); later blocks override earlier ones per file ----
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      ...SERVER_TESTS,
      'apps/server/src/db/**',
      'apps/server/src/**/repo.ts',
      'apps/server/src/demo/**',
    ],
    rules: serverImports(ORM_IMPORT),
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [...SERVER_TESTS, 'apps/server/src/**/repo.ts'],
    rules: serverImports(ORM_IMPORT, OTHER_MODULE_REPO),
  },
  {
    files: ['apps/server/src/modules/**/repo.ts'],
    rules: serverImports(OTHER_MODULE_REPO),
  },
  {
    files: ['apps/server/src/lib/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: serverImports(ORM_IMPORT, MODULE_OR_PLUGIN),
  },
  ...webBoundaries,
);
