/**
 * The floor for bench/api-load.mjs: a bare Fastify route, started the way the server is
 * (node --import tsx, same Fastify), with nothing else: no logger, hooks, database.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
// BARE_BODY_FILE: GET /body answers that file's bytes as JSON (bench/orders.mts's HTTP floor: a
// real answer's bytes sent with no work behind them).
const body = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, 'utf8') : '{}';
app.get('/body', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready on', process.env.PORT);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
