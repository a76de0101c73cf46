import { api } from '../../../lib/api.ts';
import { hostedApiBase, LOCAL_API_BASE } from '../../../lib/environment.ts';

/**
 * The origins whose messages the popup service reads (spec 03 §5): this app's own, the API's (the
 * chosen one and the configured one) and the local development API.
 */
export async function trustedMessageOrigins(): Promise<string[]> {
  const own = window.location.origin;
  const bases = [
    await api.resolveBase(),
    hostedApiBase(own, import.meta.env.VITE_API_BASE_URL),
    LOCAL_API_BASE,
  ];
  return [...new Set([own, ...bases.map((base) => new URL(base).origin)])];
}
