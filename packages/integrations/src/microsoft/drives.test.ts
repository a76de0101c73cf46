import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTOSO,
  CONTROL_CHAR_FILE_NAME,
  LONG_FILE_NAME,
  type MicrosoftFake,
  PERSONAL_TENANT_ID,
  startMicrosoftFake,
} from '../fakes/index.ts';
import {
  downloadItem,
  getItemByPath,
  getMe,
  getMyDrive,
  getRootSite,
  getSiteDefaultDrive,
  listChildren,
  listSiteDrives,
  readDriveDelta,
  searchSites,
} from './drives.ts';
import { createGraphClient, type GraphClient, GraphError } from './graph-client.ts';

let fake: MicrosoftFake;
let alex: GraphClient;
let dealsDriveId: string;

function graphFor(userOid: string): GraphClient {
  const { accessToken } = fake.issueTokens({ userOid });
  return createGraphClient({
    baseUrl: fake.graphBaseUrl,
    accessToken: async () => accessToken,
    refreshAccessToken: async () => accessToken,
    sleep: async () => {},
  });
}

async function caught(action: Promise<unknown>): Promise<GraphError> {
  const error = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

beforeAll(async () => {
  // A page size of 2 makes every listing here span several pages.
  fake = await startMicrosoftFake({ pageSize: 2 });
  alex = graphFor(CONTOSO.alexOid);
  dealsDriveId = fake.sites.find((site) => site.isRoot)!.drives[0]!.id;
}, 60_000);

afterAll(async () => {
  await fake?.close();
});

describe('the user, sites and drives', () => {
  it('reads the signed-in user', async () => {
    expect(await getMe(alex)).toEqual({
      id: CONTOSO.alexOid,
      displayName: 'Alex Lender',
      mail: 'alex@contoso.example',
      userPrincipalName: 'alex@contoso.example',
      jobTitle: 'Partner, Venture Debt',
    });
  });

  it('finds the root site, searches sites and lists a site’s libraries across pages', async () => {
    const root = await getRootSite(alex);
    expect(root).toMatchObject({
      displayName: 'Contoso Deals',
      webUrl: 'https://contoso.sharepoint.example',
    });
    expect(root.id).toMatch(/^contoso\.sharepoint\.example,[0-9a-f-]{36},[0-9a-f-]{36}$/);
    expect((await searchSites(alex, 'portfolio')).map((site) => site.displayName)).toEqual(['Portfolio']);
    expect((await searchSites(alex, '*')).length).toBe(2);
    const drives = await listSiteDrives(alex, root.id);
    expect(drives.map((drive) => [drive.name, drive.driveType])).toEqual([
      ['Documents', 'documentLibrary'],
      ['Archive', 'documentLibrary'],
    ]);
    expect((await getSiteDefaultDrive(alex, root.id)).id).toBe(dealsDriveId);
    expect(drives[0]!.id).toMatch(/^b!/);
  });

  it('gives a work user their OneDrive', async () => {
    const drive = await getMyDrive(alex);
    expect(drive.driveType).toBe('business');
    expect((await listChildren(alex, drive.id, 'root')).map((item) => item.name)).toEqual(['Deals']);
  });

  it('gives a personal account its OneDrive but no SharePoint', async () => {
    const jordan = graphFor(CONTOSO.jordanOid);
    expect(fake.users.find((user) => user.oid === CONTOSO.jordanOid)!.tenantId).toBe(PERSONAL_TENANT_ID);
    const drive = await getMyDrive(jordan);
    expect(drive.driveType).toBe('personal');
    const deals = await getItemByPath(jordan, drive.id, 'Deals/Harbor Coffee Co');
    expect(deals?.folder?.childCount).toBe(1);
    const error = await caught(getRootSite(jordan));
    expect(error).toMatchObject({ status: 400, kind: 'unknown' });
    expect((await caught(searchSites(jordan, 'deals'))).status).toBe(400);
  });
});

describe('folders and paths', () => {
  it('lists every child across pages', async () => {
    const deals = await getItemByPath(alex, dealsDriveId, 'Deals');
    const children = await listChildren(alex, dealsDriveId, deals!.id);
    expect(children.map((item) => item.name)).toEqual([
      'Brightwave Energy',
      'Deal Pipeline Overview.xlsx',
      'Kestrel Payments',
      'Lumen Health',
      'Nordlicht Robotics',
    ]);
    const nordlicht = children.find((item) => item.name === 'Nordlicht Robotics')!;
    expect(nordlicht.folder?.childCount).toBe(4);
    expect(nordlicht.parentReference).toMatchObject({
      driveId: dealsDriveId,
      id: deals!.id,
      path: `/drives/${dealsDriveId}/root:/Deals`,
    });
  });

  it('reads files with their hashes, eTag and cTag', async () => {
    const deck = await getItemByPath(
      alex,
      dealsDriveId,
      '/Deals/Nordlicht Robotics/Nordlicht Robotics - Investor Presentation.pdf',
    );
    expect(deck).toMatchObject({
      name: 'Nordlicht Robotics - Investor Presentation.pdf',
      file: { mimeType: 'application/pdf' },
    });
    expect(deck!.size).toBeGreaterThan(500);
    expect(deck!.file?.hashes?.quickXorHash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(deck!.eTag).toMatch(/^"\{[0-9A-F]+\},\d+"$/);
    expect(deck!.cTag).toMatch(/^"c:\{[0-9A-F]+\},\d+"$/);
  });

  it('encodes awkward names: control characters, 400 characters, spaces', async () => {
    const control = await getItemByPath(alex, dealsDriveId, `Deals/Lumen Health/${CONTROL_CHAR_FILE_NAME}`);
    expect(control?.name).toBe(CONTROL_CHAR_FILE_NAME);
    expect(LONG_FILE_NAME).toHaveLength(400);
    const long = await getItemByPath(alex, dealsDriveId, `Deals/Kestrel Payments/${LONG_FILE_NAME}`);
    expect(long?.name).toBe(LONG_FILE_NAME);
  });

  it('answers null for a path that does not exist', async () => {
    expect(await getItemByPath(alex, dealsDriveId, 'Deals/No Such Company')).toBeNull();
  });
});

describe('readDriveDelta', () => {
  it('enumerates the drive, then returns only changes, deletions included', async () => {
    const drive = fake.addFolder(dealsDriveId, 'Deals/Delta Test Co');
    const first = await readDriveDelta(alex, dealsDriveId, null);
    const names = first.items.map((item) => item.name);
    expect(names).toContain('Nordlicht Robotics - Investor Presentation.pdf');
    expect(names).toContain('Delta Test Co');
    expect(first.items.every((item) => !item.deleted)).toBe(true);
    // Delta leaves out parentReference.path: items are tracked by id.
    expect(first.items.some((item) => item.parentReference?.path)).toBe(false);
    expect(new Set(first.items.map((item) => item.id)).size).toBe(first.items.length);
    expect(first.deltaLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\.0\/drives\/.+\/root\/delta\?token=/);

    const quiet = await readDriveDelta(alex, dealsDriveId, first.deltaLink);
    expect(quiet.items).toEqual([]);

    const added = fake.addFile(
      dealsDriveId,
      'Deals/Delta Test Co',
      'Teaser.pdf',
      new TextEncoder().encode('v1'),
    );
    const doomed = fake.itemByPath(dealsDriveId, 'Deals/Brightwave Energy/Site photo.png')!;
    const changed = fake.itemByPath(dealsDriveId, 'Deals/Deal Pipeline Overview.xlsx')!;
    const before = first.items.find((item) => item.id === changed.id)!;
    fake.deleteItem(dealsDriveId, doomed.id);
    fake.updateFile(dealsDriveId, changed.id, new TextEncoder().encode('new content'));

    const second = await readDriveDelta(alex, dealsDriveId, quiet.deltaLink);
    const byId = new Map(second.items.map((item) => [item.id, item]));
    expect(byId.get(added.id)?.name).toBe('Teaser.pdf');
    expect(byId.get(added.id)?.parentReference?.id).toBe(drive.id);
    expect(byId.get(doomed.id)).toMatchObject({ id: doomed.id, deleted: {}, name: null });
    const updated = byId.get(changed.id)!;
    expect(updated.cTag).not.toBe(before.cTag);
    expect(updated.eTag).not.toBe(before.eTag);
    expect(updated.file?.hashes?.quickXorHash).not.toBe(before.file?.hashes?.quickXorHash);
    // Only the changed items and their parent folders come back.
    const unchanged = second.items.filter(
      (item) => item.name === 'Nordlicht Robotics - Investor Presentation.pdf',
    );
    expect(unchanged).toEqual([]);
    expect(second.deltaLink).not.toBe(quiet.deltaLink);
  });

  it('keeps changes made while the pages are read for the next round', async () => {
    const firstPage = await alex.get<{ '@odata.nextLink'?: string }>(`/drives/${dealsDriveId}/root/delta`);
    expect(firstPage['@odata.nextLink']).toBeTruthy();
    const late = fake.addFile(
      dealsDriveId,
      'Deals/Kestrel Payments',
      'Late arrival.pdf',
      new Uint8Array([1, 2, 3]),
    );
    const rest = await readDriveDelta(alex, dealsDriveId, firstPage['@odata.nextLink']!);
    expect(rest.items.some((item) => item.id === late.id)).toBe(false);
    const next = await readDriveDelta(alex, dealsDriveId, rest.deltaLink);
    expect(next.items.some((item) => item.id === late.id)).toBe(true);
  });

  it('throws a cursor error with the fresh enumeration URL when the delta link is no longer valid', async () => {
    const { deltaLink } = await readDriveDelta(alex, dealsDriveId, null);
    fake.invalidateDeltaLinks();
    const error = await caught(readDriveDelta(alex, dealsDriveId, deltaLink));
    expect(error).toMatchObject({ status: 410, kind: 'cursor', code: 'resyncRequired' });
    expect(error.location).toBe(`${fake.graphBaseUrl}/drives/${dealsDriveId}/root/delta`);
    const again = await readDriveDelta(alex, dealsDriveId, error.location!);
    expect(again.items.length).toBeGreaterThan(20);
  });
});

describe('downloadItem', () => {
  it('downloads a file through its pre-authenticated URL', async () => {
    const sheet = fake.itemByPath(dealsDriveId, 'Deals/Lumen Health/call notes.txt')!;
    const content = await downloadItem(alex, dealsDriveId, sheet.id, 1_000_000);
    expect(await new Response(content.body).text()).toContain('ARR EUR 15m');
  });

  it('refuses the 5 GB file by its size', async () => {
    const big = fake.itemByPath(
      dealsDriveId,
      'Deals/Kestrel Payments/Kestrel Payments Data Room Export.zip',
    )!;
    const error = await caught(downloadItem(alex, dealsDriveId, big.id, 100 * 1024 * 1024));
    expect(error.kind).toBe('too_large');
  });
});
