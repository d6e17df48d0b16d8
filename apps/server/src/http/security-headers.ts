import type { IncomingMessage, ServerResponse } from 'node:http';
import { DYMO_PORTS } from '@cab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

declare module 'fastify' {
  interface FastifyReply {
    /** The page's security headers in place of the API's: the answer is a file a browser may open (sendFile). */
    asDocument(): FastifyReply;
  }
}

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
 * What a JSON answer of the API needs (OWASP's REST Security Cheat Sheet): it is never a document,
 * so nothing may run or load if one is opened as such, nor be framed; never sniffed into a page;
 * no referrer; read by this site only. The page's policy (its hosts, Stripe's frames, the label
 * printer) means nothing to JSON, and its 1.3 KB of headers on every call was a sixth of
 * GET /api/users/me/'s CPU.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** JSON answers of the API (`/api/`, but not its documentation pages at `/api/docs`). */
const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The two sets of security headers, computed once at start: the Fastify plugin built helmet again
 * and parsed the policy on every request (5 % of GET /api/users/me/'s CPU). Pages, the API's
 * documentation and every file an API call answers (a PDF opens in the browser: sendFile calls
 * `reply.asDocument()`) get helmet's whole set; the API's JSON answers get API_HEADERS. Over plain HTTP (a
 * shop's LAN) HSTS and upgrade-insecure-requests would make the browser ask for https:// and show a
 * blank page: they go only with a request that came over HTTPS, or when the site is HTTPS-only.
 */
export function securityHeaders(
  app: FastifyInstance,
  httpsOnly: boolean,
): (req: FastifyRequest, reply: FastifyReply) => void {
  const plain = helmetHeaders(OPTIONS);
  const secure = {
    ...plain,
    'strict-transport-security': HSTS,
    'content-security-policy': `${plain['content-security-policy']};upgrade-insecure-requests`,
  };
  const apiSecure = { ...API_HEADERS, 'strict-transport-security': HSTS };
  const overHttps = (req: FastifyRequest) => httpsOnly || req.protocol === 'https';
  /** The page's set on `reply`, in place of the API's (a file answer). */
  const page = (req: FastifyRequest, reply: FastifyReply) => {
    reply.headers(overHttps(req) ? secure : plain);
  };
  app.decorateReply('asDocument', function (this: FastifyReply) {
    page(this.request, this);
    return this;
  });
  // The set the request's answer starts with (app.ts sets it in its first hook).
  return (req, reply) => {
    if (!isApiCall(req.url)) return page(req, reply);
    reply.headers(overHttps(req) ? apiSecure : API_HEADERS);
  };
}
