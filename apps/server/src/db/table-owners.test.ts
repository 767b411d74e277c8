import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';
import owners from './table-owners.json' with { type: 'json' };

const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name)
  .sort();
const owned = Object.values(owners.owners).flat();

describe('table owners (decision 202)', () => {
  it('gives every table of the schema exactly one owner module, and names no table that is gone', () => {
    expect([...owned].sort()).toEqual(tables);
    expect(new Set(owned).size).toBe(owned.length);
  });

  it('gives every exception a file, tables of the schema and a reason', () => {
    for (const entry of owners.allowed) {
      expect(entry.file).toMatch(/^modules\/[a-z-]+\//);
      expect(entry.why.length).toBeGreaterThan(20);
      for (const table of entry.tables) expect(tables).toContain(table);
    }
  });
});
