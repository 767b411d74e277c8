/**
 * Periodic work of a server process. Modules describe their jobs (for example
 * modules/orders/jobs.ts) and server.ts starts the ones it wants; importing a module starts
 * nothing. Each job must be safe to run in several processes at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';

export interface Job {
  name: string;
  intervalMs: number;
  run(ctx: AppContext, log: FastifyBaseLogger): Promise<unknown>;
}

/** Runs each job every `intervalMs` (first after a second); `stop` waits for the runs in flight. */
export function startBackgroundJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
  jobs: readonly Job[],
): { stop(): Promise<void> } {
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
