import { z } from 'zod';

/** GET /api/health: the process answers and its database does. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /api/config/: public settings the web app needs. */
export const publicConfigSchema = z.object({
  mapStyleUrl: z.string().nullable(),
  currency: z.literal('CHF'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
