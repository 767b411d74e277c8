/** What the accounts' route files share: error answers and the bearer scheme. */
import { errorBodySchema } from '@marktgasse/shared';

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
export const bearer = [{ bearer: [] }];
