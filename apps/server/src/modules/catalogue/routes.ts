import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function catalogueRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
