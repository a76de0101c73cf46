/** What the Microsoft fake starts with: one work tenant, its users (and personal-account users), sites and files. */

export interface FakeFileSeed {
  name: string;
  /** The file's bytes. Absent with `size`: a metadata-only file (its content is never meant to be read). */
  bytes?: Uint8Array;
  /** The size Graph reports when `bytes` is absent (e.g. 5 GB). */
  size?: number;
  /** Defaults from the extension. */
  mimeType?: string;
  /** ISO date; defaults to the fake's start time. */
  lastModified?: string;
}

export interface FakeFolderSeed {
  name: string;
  children: FakeNodeSeed[];
}

export type FakeNodeSeed = FakeFileSeed | FakeFolderSeed;

export interface FakeUserSeed {
  /** The Entra object id (oid), also the Graph user id. */
  oid: string;
  /** The work tenant's id, or the personal-account tenant 9188040d-6c67-4c5b-b112-36a304b66dad. */
  tenantId: string;
  displayName: string;
  email: string;
  userPrincipalName?: string;
  jobTitle?: string | null;
  /** The user's OneDrive, top level. */
  oneDrive?: FakeNodeSeed[];
}

export interface FakeDriveSeed {
  name: string;
  description?: string;
  items: FakeNodeSeed[];
}

export interface FakeSiteSeed {
  /** Short name, also the last segment of a non-root site's URL (`/sites/{name}`). */
  name: string;
  displayName: string;
  description?: string;
  /** The tenant's root site (GET /sites/root). Exactly one site should be the root. */
  isRoot?: boolean;
  /** Document libraries; the first is the site's default drive. */
  drives: FakeDriveSeed[];
}

export interface FakeTenantSeed {
  tenant: {
    id: string;
    displayName: string /** e.g. contoso.example, used in host names and emails */;
    domain: string;
  };
  users: FakeUserSeed[];
  sites: FakeSiteSeed[];
}

export function isFolderSeed(node: FakeNodeSeed): node is FakeFolderSeed {
  return 'children' in node;
}

/** The tenant id Entra gives every personal Microsoft account. */
export const PERSONAL_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';
