import { z } from 'zod';

/** The `:id` path parameter as it arrives; routes read it with the server's `idParam` (400 unless a positive integer). */
export const idParams = z.object({ id: z.string().max(20) });
