import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The SPA is a Vite build: scripts and styles come from our own origin. Inline style attributes
 * stay allowed because the UI libraries (Radix positioning, toasts, charts) set them at run time;
 * inline scripts do not. No framing at all (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Self-hosted installs are often reached over plain http on a LAN; upgrading would break them.
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers on every response. The middleware is built once here: @fastify/helmet built
 * it again for every request (parsing the whole policy each time), a measurable share of a list
 * request's CPU (decision 019). Nothing varies per request (no CSP nonces), so the same
 * middleware serves all.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' as const },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
  // Pages keep a handle on the sign-in popups they open (Microsoft, Google, Box)…
  const applyHeaders = helmet({
    ...options,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // …and the return pages those popups land on set no opener policy: a policy on them would move
  // the popup, arriving from the provider's origin, into a new browsing context group, cutting it
  // off from the page that waits for its message.
  const applyReturnPageHeaders = helmet({ ...options, crossOriginOpenerPolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    const apply = OAUTH_RETURN_PAGES.has(request.url.split('?')[0] ?? '')
      ? applyReturnPageHeaders
      : applyHeaders;
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/** Where OAuth providers send a popup back to (the web app's return pages). */
const OAUTH_RETURN_PAGES = new Set(['/auth-callback', '/auth/gmail-callback', '/auth/box-callback']);

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id';

/**
 * CORS only for the origins the operator listed; with none listed the API sends no CORS headers
 * and browsers keep it same-origin. Bearer tokens, not cookies, so no credentials mode.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('Vary', 'Origin');
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply
        .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .status(204);
      return reply.send();
    }
  });
}
