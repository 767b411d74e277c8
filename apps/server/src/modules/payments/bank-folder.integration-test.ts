import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrReferenceForOrder } from '@marktgasse/shared';
import { openTestDatabase } from '../../../test/build.ts';
import type { Database } from '../../db/client.ts';
import { importBankFolder } from './bank-folder.ts';
import type { InvoiceOrders, InvoiceOrderState } from './bank-matching.ts';
import { BankStatementService } from './bank-statements.ts';
import { camt054 } from './test-data/camt-builder.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('bank files from a folder', () => {
  it('imports each file once, moves it away, and sets a broken one aside with its reason', async () => {
    const order: InvoiceOrderState = { orderId: 77, totalRappen: 2_000, status: 'unpaid' };
    const paid: number[] = [];
    const orders: InvoiceOrders = {
      findByQrReference: async (ref) => (ref === qrReferenceForOrder(77) ? { ...order } : null),
      markPaid: async (id) => {
        if (order.status !== 'unpaid') return false;
        order.status = 'paid';
        paid.push(id);
        return true;
      },
    };
    const service = new BankStatementService(database.db, orders);
    const dir = await mkdtemp(path.join(tmpdir(), 'mg-camt-'));
    const file = camt054([{ amount: '20.00', qrReference: qrReferenceForOrder(77) }]);
    await writeFile(path.join(dir, 'a-camt054.xml'), file);
    await writeFile(path.join(dir, 'b-copy.xml'), file);
    await writeFile(path.join(dir, 'c-broken.xml'), '<Document><Nothing/></Document>');
    await writeFile(path.join(dir, 'notes.txt'), 'not a bank file');

    const runs = await importBankFolder(service, dir);
    expect(
      runs.map((r) => [r.file, r.result?.booked.length ?? null, r.result?.alreadyImported ?? null]),
    ).toEqual([
      ['a-camt054.xml', 1, 0],
      ['b-copy.xml', 0, 1],
      ['c-broken.xml', null, null],
    ]);
    expect(paid).toEqual([77]);
    expect((await readdir(dir)).sort()).toEqual(['failed', 'imported', 'notes.txt']);
    expect((await readdir(path.join(dir, 'imported'))).sort()).toEqual(['a-camt054.xml', 'b-copy.xml']);
    expect(await readFile(path.join(dir, 'failed', 'c-broken.xml.reason.txt'), 'utf8')).toMatch(/camt\.054/);
    expect(await importBankFolder(service, dir)).toEqual([]);
  });
});
