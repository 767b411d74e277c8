/**
 * Reads camt files from a folder (BANK_STATEMENTS_DIR): each `*.xml` is imported and moved to
 * `imported/`, or to `failed/` with the reason beside it. Safe with several processes: a
 * second import of the same file books nothing (bank_entries' unique keys), and the file that
 * another process moved first is simply gone.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors.ts';
import type { BankStatementService, ImportResult } from './bank-statements.ts';

export interface FolderRun {
  file: string;
  result?: ImportResult;
  error?: string;
}

async function moveTo(dir: string, file: string, folder: 'imported' | 'failed'): Promise<void> {
  await mkdir(path.join(dir, folder), { recursive: true });
  await rename(path.join(dir, file), path.join(dir, folder, file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

export async function importBankFolder(service: BankStatementService, dir: string): Promise<FolderRun[]> {
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.xml'))
    .map((entry) => entry.name)
    .sort();
  const runs: FolderRun[] = [];
  for (const file of files) {
    const xml = await readFile(path.join(dir, file), 'utf8').catch(() => null);
    if (xml === null) continue;
    try {
      const result = await service.importFile(xml, null);
      await moveTo(dir, file, 'imported');
      runs.push({ file, result });
    } catch (error) {
      // A file the bank sent wrong stays out of the way; an outage leaves it for the next run.
      if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
      await moveTo(dir, file, 'failed');
      await writeFile(path.join(dir, 'failed', `${file}.reason.txt`), `${error.message}\n`);
      runs.push({ file, error: error.message });
    }
  }
  return runs;
}
