import { eventsApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { EventHub } from './hub.ts';
import { openStream } from './stream.ts';

/**
 * GET /api/events/ and this server's hub (one LISTEN connection for all its listeners), started
 * with the app and stopped when it closes: `preClose` ends the open streams, which would otherwise
 * hold the server's close until they end on their own.
 */
export function eventsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const hub = new EventHub(db, app.log);
  app.addHook('onReady', () => hub.ready);
  app.addHook('preClose', () => hub.stop());
  route(app, eventsApi.stream, async ({ ctx, req, reply }) => {
    await openStream(ctx, hub, { ...config, heartbeatMs: config.eventsHeartbeatMs }, req, reply);
    // The answer went out through the hijacked reply; Fastify sends nothing more.
    return undefined as never;
  });
}
