/**
 * Figures the reliability suites report (routes × roles checked, fuzz cases, concurrent
 * checkouts, crash restarts). Each suite appends; the summary suite prints them at the end.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const FIGURES_FILE =
  process.env.RELIABILITY_FIGURES_FILE ?? path.join(tmpdir(), `mg-reliability-figures-${process.ppid}.jsonl`);

export function recordFigure(name: string, value: number): void {
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ name, value })}\n`);
}

export function readFigures(): Map<string, number> {
  const figures = new Map<string, number>();
  if (!existsSync(FIGURES_FILE)) return figures;
  for (const line of readFileSync(FIGURES_FILE, 'utf8').split('\n')) {
    if (!line) continue;
    const { name, value } = JSON.parse(line) as { name: string; value: number };
    figures.set(name, (figures.get(name) ?? 0) + value);
  }
  return figures;
}
