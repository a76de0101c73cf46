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
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

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
