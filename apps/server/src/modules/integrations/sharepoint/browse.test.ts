import type {
  TAuthResponse,
  TIngestionResult,
  TOAuthConnectedResponse,
  TSharePointDrivesResponse,
  TSharePointItemsResponse,
  TSharePointSitesResponse,
  TSharePointStats,
  TSharePointTestConnection,
} from '@atempo/contracts';
import { CONTROL_CHAR_FILE_NAME, LONG_FILE_NAME, type MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../../test/fixtures.ts';
import { call, type TestServer } from '../../../test/server.ts';
import { connectMicrosoft, startWithMicrosoft } from '../integrations.fixtures.ts';
import { dealsDrive, itemAt, runOutcome, SP, seededBytes } from './sharepoint.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;
/** Alex Lender (work account) in the first organisation. */
let admin: TAuthResponse;
let adminSession: TOAuthConnectedResponse;
/** Jordan Rivers (personal account), a member of the same organisation. */
let member: TAuthResponse;
let memberSession: TOAuthConnectedResponse;
/** Priya Shah (work account), admin of another organisation. */
let other: TAuthResponse;
let otherSession: TOAuthConnectedResponse;
let drive: string;

const get = <T>(path: string, token = admin.access_token) =>
  call<T>(server.app, 'GET', `${SP}${path}`, { token });

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
  drive = dealsDrive(fake);
  admin = await registerOrganization(server.app);
  adminSession = await connectMicrosoft(server.app, admin.access_token);
  member = await addMember(server.app, admin);
  memberSession = await connectMicrosoft(server.app, member.access_token, 'jordan.rivers@outlook.example');
  other = await registerOrganization(server.app);
  otherSession = await connectMicrosoft(server.app, other.access_token, 'priya@contoso.example');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('sites and libraries', () => {
  it('lists the root site and the sites the search finds, each once', async () => {
    const response = await get<TSharePointSitesResponse>('/sites');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.personal_account).toBe(false);
    expect(response.body.message).toBeNull();
    const ids = response.body.sites.map((site) => site.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(fake.sites.map((site) => site.id).sort());
    expect(response.body.sites.map((site) => site.displayName).sort()).toEqual([
      'Contoso Deals',
      'Portfolio',
    ]);
  });

  it('lists the document libraries of a site', async () => {
    const root = fake.sites.find((site) => site.isRoot)!;
    const response = await get<TSharePointDrivesResponse>(`/sites/${encodeURIComponent(root.id)}/drives`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.drives.map((d) => [d.id, d.name])).toEqual(root.drives.map((d) => [d.id, d.name]));
    expect(response.body.drives[0]).toMatchObject({ driveType: 'documentLibrary' });
    expect(response.body.drives[1]).toMatchObject({ description: 'Closed and declined deals' });
  });

  it('answers 404 for a site that does not exist', async () => {
    const response = await get('/sites/contoso.example,nope,nope/drives');
    expect(response.status).toBe(404);
  });
});

describe('folders and files', () => {
  it('lists the top of a library', async () => {
    const response = await get<TSharePointItemsResponse>(`/drives/${encodeURIComponent(drive)}/items`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.folder_path).toBe('/');
    expect(response.body.folders.map((folder) => folder.name).sort()).toEqual(['Deals', 'Templates']);
    expect(response.body.files).toEqual([]);
    const deals = response.body.folders.find((folder) => folder.name === 'Deals')!;
    expect(deals.childCount).toBe(5);
    expect(deals.id).toBe(itemAt(fake, drive, 'Deals').id);
  });

  it('lists a folder by its path, with its files as the client shows them', async () => {
    const response = await get<TSharePointItemsResponse>(
      `/drives/${encodeURIComponent(drive)}/items?folder_path=${encodeURIComponent('/Deals/Kestrel Payments')}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.folder_path).toBe('/Deals/Kestrel Payments');
    expect(response.body.folders).toEqual([]);
    const files = new Map(response.body.files.map((file) => [file.name, file]));
    expect(files.size).toBe(5);
    expect(files.get('Kestrel Payments - Investor Presentation.pdf')).toMatchObject({
      canAnalyse: true,
      mimeType: 'application/pdf',
    });
    expect(files.get('Kestrel Payments Data Room Export.zip')).toMatchObject({
      size: 5 * 1024 ** 3,
      canAnalyse: false,
    });
    expect(files.get(LONG_FILE_NAME)).toMatchObject({ canAnalyse: true });
  });

  it('follows every page of a big folder (the fake pages by 5)', async () => {
    for (let index = 1; index <= 12; index++) {
      fake.addFile(
        drive,
        'Paging Test',
        `File ${String(index).padStart(2, '0')}.pdf`,
        new Uint8Array([index]),
      );
    }
    fake.addFolder(drive, 'Paging Test/Sub');
    fake.resetRequestLog();
    const response = await get<TSharePointItemsResponse>(
      `/drives/${encodeURIComponent(drive)}/items?folder_path=Paging%20Test`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.files).toHaveLength(12);
    expect(response.body.folders.map((folder) => folder.name)).toEqual(['Sub']);
    const pages = fake.requestLog().filter((entry) => entry.path.endsWith('/children'));
    expect(pages.length).toBe(3);
  });

  it('reads a folder path with "..", "." and empty segments as the path without them', async () => {
    const response = await get<TSharePointItemsResponse>(
      `/drives/${encodeURIComponent(drive)}/items?folder_path=${encodeURIComponent('//../Deals/./..//Lumen Health/')}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.folder_path).toBe('/Deals/Lumen Health');
    expect(response.body.files.map((file) => file.name)).toContain(CONTROL_CHAR_FILE_NAME);
    expect(response.body.files.find((file) => file.name === 'call notes.txt')).toMatchObject({
      canAnalyse: false,
    });

    const top = await get<TSharePointItemsResponse>(
      `/drives/${encodeURIComponent(drive)}/items?folder_path=${encodeURIComponent('/../')}`,
    );
    expect(top.status).toBe(200);
    expect(top.body.folder_path).toBe('/');
  });

  it('answers 404 for a folder that does not exist, or a file named as a folder', async () => {
    const missing = await get(
      `/drives/${encodeURIComponent(drive)}/items?folder_path=${encodeURIComponent('Deals/Nobody Ltd')}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('FOLDER_NOT_FOUND');
    const file = await get(
      `/drives/${encodeURIComponent(drive)}/items?folder_path=${encodeURIComponent('Deals/Deal Pipeline Overview.xlsx')}`,
    );
    expect(file.status).toBe(404);
  });

  it('answers 404 for a drive that does not exist', async () => {
    const response = await get('/drives/b!nothing-here/items');
    expect(response.status).toBe(404);
  });

  it('reads drive "me" as my OneDrive', async () => {
    const top = await get<TSharePointItemsResponse>('/drives/me/items');
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body.folders.map((folder) => folder.name)).toEqual(['Deals']);
    const deals = await get<TSharePointItemsResponse>('/drives/me/items?folder_path=Deals');
    expect(deals.body.folders.map((folder) => folder.name).sort()).toEqual([
      'Nordlicht Robotics',
      'Orbital Freight',
    ]);
  });
});

describe('downloads', () => {
  async function download(driveId: string, itemId: string, token = admin.access_token) {
    return server.app.inject({
      method: 'GET',
      url: `${SP}/drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(itemId)}/download`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('streams the file’s bytes with its name', async () => {
    const path = 'Deals/Nordlicht Robotics/Nordlicht Robotics - Investor Presentation.pdf';
    const item = itemAt(fake, drive, path);
    const response = await download(drive, item.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Nordlicht Robotics - Investor Presentation.pdf"',
    );
    expect(Buffer.compare(response.rawPayload, Buffer.from(await seededBytes(path)))).toBe(0);
    expect(Number(response.headers['content-length'])).toBe(item.size);
  });

  it('names a file with control characters or 400 characters safely', async () => {
    const control = await download(
      drive,
      itemAt(fake, drive, `Deals/Lumen Health/${CONTROL_CHAR_FILE_NAME}`).id,
    );
    expect(control.statusCode).toBe(200);
    const disposition = String(control.headers['content-disposition']);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no raw control character may reach the header.
    expect(disposition).not.toMatch(/[\u0000-\u001f]/);
    expect(disposition).toContain("filename*=UTF-8''Lumen%20Health%07%20Board%09Minutes.docx");
    expect(
      Buffer.compare(
        control.rawPayload,
        Buffer.from(await seededBytes(`Deals/Lumen Health/${CONTROL_CHAR_FILE_NAME}`)),
      ),
    ).toBe(0);

    const long = await download(drive, itemAt(fake, drive, `Deals/Kestrel Payments/${LONG_FILE_NAME}`).id);
    expect(long.statusCode).toBe(200);
    expect(String(long.headers['content-disposition'])).toContain(LONG_FILE_NAME);
  });

  it('downloads from my OneDrive by drive "me"', async () => {
    const mine = fake.users.find((user) => user.email === 'alex@contoso.example')!.driveId;
    const item = itemAt(fake, mine, 'Deals/Orbital Freight/Orbital Freight Teaser.pdf');
    const response = await download('me', item.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 for a folder or an item that does not exist', async () => {
    expect((await download(drive, itemAt(fake, drive, 'Deals').id)).statusCode).toBe(404);
    expect((await download(drive, 'NOPE123')).statusCode).toBe(404);
  });
});

describe('a personal Microsoft account', () => {
  it('has no SharePoint: the sites say so, and OneDrive is browsed instead', async () => {
    const sites = await get<TSharePointSitesResponse>('/sites', member.access_token);
    expect(sites.status, JSON.stringify(sites.body)).toBe(200);
    expect(sites.body).toEqual({
      sites: [],
      personal_account: true,
      message: 'Using OneDrive (personal account). SharePoint requires a work/school account.',
    });
    const top = await get<TSharePointItemsResponse>(
      '/drives/me/items?folder_path=Deals',
      member.access_token,
    );
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body.folders.map((folder) => folder.name)).toEqual(['Harbor Coffee Co']);
    const files = await get<TSharePointItemsResponse>(
      `/drives/me/items?folder_path=${encodeURIComponent('Deals/Harbor Coffee Co')}`,
      member.access_token,
    );
    expect(files.body.files.map((file) => file.name)).toEqual(['Harbor Coffee Pitch.pdf']);
  });

  it('finds its deal folders in OneDrive', async () => {
    const test = await call<TSharePointTestConnection>(server.app, 'POST', `${SP}/test-connection`, {
      token: member.access_token,
    });
    expect(test.body).toEqual({
      status: 'connected',
      message: 'Connected to OneDrive: 1 deal folder in “Deals”.',
      folders_discovered: 1,
    });
    const stats = await get<TSharePointStats>('/stats', member.access_token);
    expect(stats.body).toMatchObject({
      total_deal_folders: 1,
      connection_status: 'connected',
      sites: [{ name: 'OneDrive' }],
    });
  });

  it('cannot open the work tenant’s libraries', async () => {
    const response = await get(`/drives/${encodeURIComponent(drive)}/items`, member.access_token);
    expect(response.status).toBe(403);
  });
});

describe('who may browse what', () => {
  it('asks a user without a connection to authenticate first', async () => {
    const stranger = await addMember(server.app, admin);
    for (const path of [
      '/sites',
      '/drives/me/items',
      `/drives/${encodeURIComponent(drive)}/items/x/download`,
    ]) {
      const response = await get(path, stranger.access_token);
      expect(response.status, path).toBe(409);
      expect(response.body.detail).toBe('Please authenticate with Microsoft 365 first');
    }
  });

  it('uses my own session_id, and no one else’s', async () => {
    const mine = await get<TSharePointSitesResponse>(`/sites?session_id=${adminSession.session_id}`);
    expect(mine.status).toBe(200);
    for (const session of [memberSession.session_id, otherSession.session_id]) {
      for (const path of [
        `/sites?session_id=${session}`,
        `/drives/me/items?session_id=${session}`,
        `/drives/me/items/x/download?session_id=${session}`,
      ]) {
        const response = await get(path);
        expect(response.status, path).toBe(404);
        expect(response.body.code).toBe('SESSION_NOT_FOUND');
      }
    }
    const unknown = await get('/sites?session_id=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    // Nor may an admin start a run as someone else's connection.
    for (const session of [memberSession.session_id, otherSession.session_id]) {
      const run = await call(server.app, 'POST', `${SP}/ingest/full?session_id=${session}`, {
        token: admin.access_token,
      });
      expect(run.status).toBe(404);
    }
  });

  it('does not show another organisation’s ingestion run', async () => {
    const started = await call<TIngestionResult>(server.app, 'POST', `${SP}/ingest/full`, {
      token: other.access_token,
      body: { max_deals: 1 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.execution_id;
    const theirs = await runOutcome(server.app, other.access_token, id);
    expect(theirs.status, JSON.stringify(theirs)).toBe('completed');
    const mine = await get(`/ingest/${id}`);
    expect(mine.status).toBe(404);
    expect(mine.body.code).toBe('INGESTION_NOT_FOUND');
  });
});
