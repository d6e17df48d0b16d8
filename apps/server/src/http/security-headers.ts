import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's defaults, with a policy the SPA needs: emotion's inline styles; scripts same-origin. */
const OPTIONS: HelmetOptions = {
  hsts: false,
  contentSecurityPolicy: {
    directives: {
      'upgrade-insecure-requests': null,
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'connect-src': ["'self'", 'https://127.0.0.1:*', 'https://localhost:*'],
    },
  },
};

/** The headers helmet's middleware sets with `options`, captured once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer, computed once at start: the Fastify plugin built helmet again
 * and parsed the policy on every request (5 % of GET /api/users/me/'s CPU). Over plain HTTP (a
 * shop's LAN) HSTS and upgrade-insecure-requests would make the browser ask for https:// and show a
 * blank page: they go only with a request that came over HTTPS, or when the site is HTTPS-only.
 */
export function registerSecurityHeaders(app: FastifyInstance, httpsOnly: boolean) {
  const plain = helmetHeaders(OPTIONS);
  const secure = {
    ...plain,
    'strict-transport-security': HSTS,
    'content-security-policy': `${plain['content-security-policy']};upgrade-insecure-requests`,
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(httpsOnly || req.protocol === 'https' ? secure : plain);
    done();
  });
}
