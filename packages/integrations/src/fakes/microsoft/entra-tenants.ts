import type { FakeContext } from './context.ts';
import type { FakeUser } from './directory.ts';
import { PERSONAL_TENANT_ID } from './seed-types.ts';

/** What the `{tenant}` path segment of an Entra URL stands for. */
export type TenantPath =
  | { kind: 'common' }
  | { kind: 'organizations' }
  | { kind: 'consumers' }
  | { kind: 'tenant'; tenantId: string };

/** common, organizations, consumers, the tenant's GUID or one of its domains; null for an unknown tenant. */
export function resolveTenantPath(context: FakeContext, segment: string): TenantPath | null {
  const value = segment.toLowerCase();
  if (value === 'common' || value === 'organizations') return { kind: value };
  if (value === 'consumers' || value === PERSONAL_TENANT_ID) return { kind: 'consumers' };
  const tenant = context.directory.tenant;
  const short = tenant.domain.split('.')[0]?.toLowerCase();
  if (
    value === tenant.id.toLowerCase() ||
    value === tenant.domain.toLowerCase() ||
    value === `${short}.onmicrosoft.com`
  ) {
    return { kind: 'tenant', tenantId: tenant.id };
  }
  return null;
}

/** The issuer Entra announces for a tenant path: a template for the multi-tenant ones. */
export function issuerFor(context: FakeContext, path: TenantPath): string {
  switch (path.kind) {
    case 'common':
    case 'organizations':
      return `${context.url}/{tenantid}/v2.0`;
    case 'consumers':
      return `${context.url}/${PERSONAL_TENANT_ID}/v2.0`;
    case 'tenant':
      return `${context.url}/${path.tenantId}/v2.0`;
  }
}

/** Whether a user may sign in through this tenant path. */
export function userAllowed(path: TenantPath, user: FakeUser): boolean {
  switch (path.kind) {
    case 'common':
      return true;
    case 'organizations':
      return !user.personal;
    case 'consumers':
      return user.personal;
    case 'tenant':
      return user.tenantId === path.tenantId;
  }
}
