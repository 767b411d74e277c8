/**
 * The authorization matrix again in the reliability run, so that its figure (routes × roles
 * checked) is printed with the other figures at the end of `npm run test:reliability`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../security-fixtures.ts';
import { runMatrix } from '../security/matrix.ts';
import { recordFigure } from './figures.ts';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(async () => {
  await w?.t.close();
});

describe('authorization matrix (reliability summary)', () => {
  it('answers every route × role as expected', async () => {
    const result = await runMatrix(w);
    console.info(`authorization matrix: ${result.routes} routes, ${result.checks} route × role checks`);
    recordFigure('routes in the authorization matrix', result.routes);
    recordFigure('route × role checks', result.checks);
    expect(result.failures).toEqual([]);
  });
});
