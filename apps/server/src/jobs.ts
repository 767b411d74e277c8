/**
 * Periodic work of a server process: expiring unpaid orders (their stock returns) and
 * sending queued e-mails. Each job is safe to run in several processes at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';

export interface Job {
  name: string;
  intervalMs: number;
  run(ctx: AppContext, log: FastifyBaseLogger): Promise<unknown>;
}

const jobs: Job[] = [];

/** Modules add their periodic work here at import time (see modules/orders/background.ts). */
export function registerJob(job: Job): void {
  if (!jobs.some((j) => j.name === job.name)) jobs.push(job);
}

export function startBackgroundJobs(ctx: AppContext, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const p = job
        .run(ctx, log)
        .then(() => undefined)
        .catch((error) => log.error({ err: error, job: job.name }, 'background job failed'))
        .finally(() => running.delete(p));
      running.add(p);
    };
    timers.push(setInterval(tick, job.intervalMs));
    setTimeout(tick, 1_000).unref();
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}

/** Runs every registered job once, in order (tests, and a one-off maintenance run). */
export async function runJobsOnce(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  for (const job of jobs) await job.run(ctx, log);
}

export function registeredJobs(): readonly Job[] {
  return jobs;
}
