import { FakeDrive } from './drive.ts';
import { businessDriveId, guidFrom, personalDriveId } from './ids.ts';
import { type FakeNodeSeed, type FakeTenantSeed, isFolderSeed, PERSONAL_TENANT_ID } from './seed-types.ts';

export interface FakeUser {
  oid: string;
  tenantId: string;
  displayName: string;
  email: string;
  userPrincipalName: string;
  jobTitle: string | null;
  /** A personal Microsoft account (MSA): OneDrive only, no SharePoint sites. */
  personal: boolean;
  /** The user's OneDrive. */
  driveId: string;
}

export interface FakeSite {
  id: string;
  name: string;
  displayName: string;
  description: string;
  webUrl: string;
  isRoot: boolean;
  /** The first is the default document library. */
  driveIds: string[];
  createdDateTime: string;
}

function fill(drive: FakeDrive, parentId: string, nodes: FakeNodeSeed[]): void {
  for (const node of nodes) {
    if (isFolderSeed(node)) {
      fill(drive, drive.addFolder(parentId, node.name).id, node.children);
    } else {
      const content = node.bytes ? { bytes: node.bytes } : { size: node.size ?? 0 };
      drive.addFile(parentId, node.name, content, {
        ...(node.mimeType ? { mimeType: node.mimeType } : {}),
        ...(node.lastModified ? { lastModified: node.lastModified } : {}),
      });
    }
  }
}

/** The tenant the fake serves: its users, SharePoint sites and every drive, built from a seed. */
export class FakeDirectory {
  readonly users = new Map<string, FakeUser>();
  readonly sites: FakeSite[] = [];
  readonly drives = new Map<string, FakeDrive>();
  readonly tenant: FakeTenantSeed['tenant'];
  /** `contoso.sharepoint.example`: the host part of site ids and web URLs. */
  readonly sharePointHost: string;

  constructor(seed: FakeTenantSeed, clock: () => string) {
    this.tenant = seed.tenant;
    const short = seed.tenant.domain.split('.')[0] ?? 'tenant';
    this.sharePointHost = `${short}.sharepoint.example`;
    const created = clock();

    for (const siteSeed of seed.sites) {
      const path = siteSeed.isRoot ? '' : `/sites/${encodeURIComponent(siteSeed.name)}`;
      const site: FakeSite = {
        id: `${this.sharePointHost},${guidFrom('site', siteSeed.name)},${guidFrom('web', siteSeed.name)}`,
        name: siteSeed.name,
        displayName: siteSeed.displayName,
        description: siteSeed.description ?? '',
        webUrl: `https://${this.sharePointHost}${path}`,
        isRoot: siteSeed.isRoot === true,
        driveIds: [],
        createdDateTime: created,
      };
      for (const driveSeed of siteSeed.drives) {
        const drive = new FakeDrive(
          businessDriveId(site.id, driveSeed.name),
          driveSeed.name,
          'documentLibrary',
          { kind: 'site', id: site.id, displayName: site.displayName },
          seed.tenant.id,
          `${site.webUrl}/${encodeURIComponent(driveSeed.name === 'Documents' ? 'Shared Documents' : driveSeed.name)}`,
          driveSeed.description ?? '',
          clock,
        );
        fill(drive, drive.rootId, driveSeed.items);
        this.drives.set(drive.id, drive);
        site.driveIds.push(drive.id);
      }
      this.sites.push(site);
    }

    for (const userSeed of seed.users) {
      const personal = userSeed.tenantId === PERSONAL_TENANT_ID;
      const upn = userSeed.userPrincipalName ?? userSeed.email;
      const drive = personal
        ? new FakeDrive(
            personalDriveId(userSeed.oid),
            'OneDrive',
            'personal',
            { kind: 'user', id: userSeed.oid, displayName: userSeed.displayName },
            userSeed.tenantId,
            `https://onedrive.live.example/?cid=${personalDriveId(userSeed.oid)}`,
            '',
            clock,
          )
        : new FakeDrive(
            businessDriveId('onedrive', userSeed.oid),
            'OneDrive',
            'business',
            { kind: 'user', id: userSeed.oid, displayName: userSeed.displayName },
            userSeed.tenantId,
            `https://${short}-my.sharepoint.example/personal/${upn.replace(/[@.]/g, '_')}/Documents`,
            '',
            clock,
          );
      fill(drive, drive.rootId, userSeed.oneDrive ?? []);
      this.drives.set(drive.id, drive);
      this.users.set(userSeed.oid, {
        oid: userSeed.oid,
        tenantId: userSeed.tenantId,
        displayName: userSeed.displayName,
        email: userSeed.email,
        userPrincipalName: upn,
        jobTitle: userSeed.jobTitle ?? null,
        personal,
        driveId: drive.id,
      });
    }
  }

  rootSite(): FakeSite | null {
    return this.sites.find((site) => site.isRoot) ?? null;
  }

  site(id: string): FakeSite | null {
    if (id === 'root') return this.rootSite();
    return this.sites.find((site) => site.id.toLowerCase() === id.toLowerCase()) ?? null;
  }

  /** The user a `login_hint` names (email or UPN), if any. */
  userByHint(hint: string): FakeUser | null {
    const wanted = hint.trim().toLowerCase();
    for (const user of this.users.values()) {
      if (user.email.toLowerCase() === wanted || user.userPrincipalName.toLowerCase() === wanted) return user;
    }
    return null;
  }

  /** Site libraries belong to every work user of the tenant; a OneDrive to its owner only. */
  canAccessDrive(user: FakeUser, drive: FakeDrive): boolean {
    if (drive.owner.kind === 'user') return drive.owner.id === user.oid;
    return !user.personal && user.tenantId === drive.tenantId;
  }
}
