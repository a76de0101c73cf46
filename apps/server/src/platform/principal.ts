import type { TRole } from '@atempo/contracts';

// Its own file so auth.ts and api-key-auth.ts both name it without importing each other.

/** Who is calling, as the guards established it. */
export interface Principal {
  userId: string;
  organizationId: string;
  role: TRole;
  /** Set when the caller authenticated with a personal API key rather than a sign-in. */
  apiKeyId?: string;
}
