import type { FakeDirectory } from './directory.ts';
import type { Faults } from './faults.ts';
import type { GrantStore } from './grants.ts';
import type { IdTokenSigner, IdTokenTamper } from './signing.ts';

/** The app registration the fake knows: one confidential client. */
export interface FakeClientRegistration {
  clientId: string;
  clientSecret: string;
  /** Exact URIs, or loopback patterns with a `*` port: `http://127.0.0.1:*\/auth-callback`. */
  redirectUris: string[];
}

/** The fake's mutable state, shared by its Entra, Graph, download and control routes. */
export interface FakeContext {
  /** `http://127.0.0.1:PORT`, known once the server listens. */
  url: string;
  directory: FakeDirectory;
  grants: GrantStore;
  signer: IdTokenSigner;
  faults: Faults;
  client: FakeClientRegistration;
  /** Default page size of collections and delta (a small one, so paging is always exercised). */
  pageSize: number;
  /** The next authorization requests answer access_denied. */
  denyAuthorizations: number;
  /** The accounts the next authorization requests without a login_hint sign in as (one each). */
  chosenAccounts: string[];
  /** How the next id_tokens are broken (one per token response). */
  tamperIdTokens: IdTokenTamper[];
  /** Random per process: a delta link from an earlier run of the fake answers 410. */
  epoch: string;
  /** Bumped by invalidateDeltaLinks(): older delta and next links answer 410. */
  deltaGeneration: number;
  /** HMAC key of pre-authenticated download URLs, and a generation to expire them all. */
  downloadKey: Buffer;
  downloadGeneration: number;
  /** When false, downloads stream without Content-Length (chunked), like some SharePoint responses. */
  sendContentLength: boolean;
}

export function graphBase(context: FakeContext): string {
  return `${context.url}/v1.0`;
}
