/**
 * The lint walls fire (decisions 200, 202): each rule of eslint.config.js is run on a snippet
 * that breaks it, written as if it were a file of the repository (imports resolve against the
 * real files), and on one that keeps it. A rule that stopped working would let its snippet pass.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
// Resolving the first imports reads the tsconfigs and warms the resolver: seconds, not ms.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rule ids that fire on `code` as the file `file` (relative to the repository). */
async function firing(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('web feature walls (resolved paths, however written)', () => {
  const file = 'apps/web/src/features/orders/components/lint-probe.tsx';

  it("refuses another feature's private file, also through './../'", async () => {
    for (const spec of [
      '../../catalogue/routes/home',
      './../../catalogue/routes/home',
      '../../../features/catalogue/routes/home',
    ])
      expect(await firing(file, `import { x } from '${spec}';\nexport const y = x;\n`)).toContain(
        'import-x/no-restricted-paths',
      );
  });

  it('lets a feature use what another offers, and shared code use no feature', async () => {
    expect(
      await firing(file, `import { x } from './../../catalogue/api/categories';\nexport const y = x;\n`),
    ).toEqual([]);
    expect(
      await firing(
        'apps/web/src/components/lint-probe.tsx',
        `import { x } from '../features/catalogue/api/categories';\nexport const y = x;\n`,
      ),
    ).toContain('import-x/no-restricted-paths');
  });
});

describe('server walls', () => {
  it('keeps lib/ below the modules and plugins', async () => {
    expect(
      await firing(
        'apps/server/src/lib/lint-probe.ts',
        `import { x } from '../modules/catalogue/service.ts';\nexport const y = x;\n`,
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await firing(
        'apps/server/src/lib/lint-probe.ts',
        `import { x } from './.././plugins/auth.ts';\nexport const y = x;\n`,
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it("lets no module reach another module's repo, and the catalogue nothing of search", async () => {
    const file = 'apps/server/src/modules/catalogue/lint-probe.ts';
    expect(await firing(file, `import { x } from '../stores/repo.ts';\nexport const y = x;\n`)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await firing(file, `import { x } from '../search/lists.ts';\nexport const y = x;\n`)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await firing(file, `import { x } from '../stores/service.ts';\nexport const y = x;\n`)).toEqual(
      [],
    );
  });

  it('keeps the schema to the repos', async () => {
    expect(
      await firing(
        'apps/server/src/modules/stores/service.ts',
        `import { stores } from '../../db/schema.ts';\nexport const y = stores;\n`,
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('fails on an import cycle', async () => {
    // lib/validation.ts imports lib/errors.ts: errors.ts importing it back closes a circle.
    expect(
      await firing(
        'apps/server/src/lib/errors.ts',
        `import { x } from './validation.ts';\nexport const y = x;\n`,
      ),
    ).toContain('import-x/no-cycle');
  });

  it('reads process.env only in config/env.ts', async () => {
    const code = 'export const a = process.env.PORT;\n';
    expect(await firing('apps/server/src/modules/geo/lint-probe.ts', code)).toContain(
      'no-restricted-properties',
    );
    expect(
      await firing(
        'apps/server/src/plugins/lint-probe.ts',
        'const { env } = process;\nexport const a = env.PORT;\n',
      ),
    ).toContain('no-restricted-syntax');
    expect(await firing('apps/server/src/config/env.ts', code)).toEqual([]);
  });
});

describe('table owners (db/table-owners.json)', () => {
  const repo = 'apps/server/src/modules/stores/repo.ts';

  it("refuses another module's table, imported or named in SQL, unless listed with its reason", async () => {
    expect(
      await firing(
        repo,
        `import { sellerOrders } from '../../db/schema.ts';\nexport const y = sellerOrders;\n`,
      ),
    ).toEqual(['marktgasse/table-owner']);
    expect(
      await firing(repo, 'const sql = String.raw;\nexport const q = sql`select id from seller_orders`;\n'),
    ).toEqual(['marktgasse/table-owner']);
    // Its own tables, and orders (listed for stores/repo.ts), pass.
    expect(
      await firing(
        repo,
        `import { orders, stocks, stores } from '../../db/schema.ts';\nexport const y = [orders, stocks, stores];\n`,
      ),
    ).toEqual([]);
  });
});

describe('transactions in one layer (decision 303)', () => {
  const opens =
    'export const f = (db: { transaction(work: () => void): void }) => db.transaction(() => {});\n';

  it('refuses a transaction opened in a repo file, wherever the repo sits', async () => {
    for (const file of [
      'apps/server/src/modules/stores/repo.ts',
      'apps/server/src/modules/orders/placement/repo.ts',
      'apps/server/src/modules/ledger/journal-repo.ts',
    ])
      expect(await firing(file, opens), file).toEqual(['no-restricted-syntax']);
  });

  it('lets a service open one, and keeps the process.env rule in repo files', async () => {
    expect(await firing('apps/server/src/modules/stores/service.ts', opens)).toEqual([]);
    expect(
      await firing(
        'apps/server/src/modules/stores/repo.ts',
        'const { env } = process;\nexport const a = env.PORT;\n',
      ),
    ).toContain('no-restricted-syntax');
  });
});
