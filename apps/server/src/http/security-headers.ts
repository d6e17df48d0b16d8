import type { IncomingMessage, ServerResponse } from 'node:http';
import { DYMO_PORTS } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Stripe.js (card and bank payments): its script and the frames of its Elements come from
 * js.stripe.com and its subdomains, bank-account and 3-D Secure steps open frames on hooks.stripe.com,
 * and it talks to api.stripe.com. Nothing else of Stripe's is admitted (issue 27).
 */
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/** The label printer's service on the user's computer, at its ports only (labels/dymo.ts in the web). */
const DYMO = DYMO_PORTS.map((port) => `https://127.0.0.1:${port}`);

/**
 * Helmet's defaults, with a policy naming exactly the hosts the SPA uses: emotion's inline styles;
 * scripts same-origin and Stripe.js; images (stored files are served at /api/media/) and fonts
 * (bundled) from this server only.
 */
const OPTIONS: HelmetOptions = {
  hsts: false,
  contentSecurityPolicy: {
    directives: {
      'upgrade-insecure-requests': null,
      'script-src': ["'self'", ...STRIPE_JS],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", ...DYMO, 'https://api.stripe.com'],
      // 'self' as default-src gave frames before; Stripe's frames beside it.
      'frame-src': ["'self'", ...STRIPE_JS, 'https://hooks.stripe.com'],
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
