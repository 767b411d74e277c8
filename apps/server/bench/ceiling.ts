/**
 * The bench's own bare route, never part of the product (decision 150): a Fastify server with
 * one small JSON route and nothing else, started by `bench/run.ts` next to the server under
 * test. Every case is compared with the rate this route answers on the same machine.
 * `node --import tsx bench/ceiling.ts` listens on a free port and prints it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ceiling', async () => ({ ok: true, service: 'marktgasse' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
