import { api } from '../../../lib/api.ts';

/** GET /box/auth/url, opened in a new tab (spec 03 §7): the address of Box's authorisation. */
export async function boxAuthorisationUrl(): Promise<string> {
  return `${await api.resolveBase()}/box/auth/url`;
}
