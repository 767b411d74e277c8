import { z } from 'zod';

/** Every error the API answers: a sentence a person understands, plus per-field messages for invalid input. */
export const errorBodySchema = z.object({
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
