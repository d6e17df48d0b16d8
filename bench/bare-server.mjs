/**
 * The floor for bench/api-load.mjs: a bare Fastify route, started the way the server is
 * (node --import tsx, same Fastify), with nothing else: no logger, hooks, database.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready on', process.env.PORT);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
