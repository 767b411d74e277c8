import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One figures file per run; the figures are printed when every suite has finished. */
export async function setup() {
  process.env.RELIABILITY_FIGURES_FILE = path.join(
    tmpdir(),
    `mg-reliability-figures-${process.pid}-${Date.now()}.jsonl`,
  );
  rmSync(process.env.RELIABILITY_FIGURES_FILE, { force: true });
}

export async function teardown() {
  const { readFigures } = await import('./figures.ts');
  const figures = readFigures();
  console.info('\nReliability figures');
  for (const [name, value] of figures) console.info(`  ${name}: ${value}`);
}
