import type { TAuthResponse, TDeal, TDocument, TDocumentListItem, TIngestionResult } from '@atempo/contracts';
import { makeDocx } from '@atempo/documents/testing';
import {
  CONTOSO,
  CONTROL_CHAR_FILE_NAME,
  LONG_FILE_NAME,
  type MicrosoftFake,
} from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../../test/fixtures.ts';
import { call, type TestServer } from '../../../test/server.ts';
import { connectMicrosoft, startWithMicrosoft } from '../integrations.fixtures.ts';
import {
  analysedDocuments,
  companiesNamed,
  contentRequests,
  dealDocuments,
  dealsDrive,
  dealsOf,
  downloads,
  graphRequests,
  ingest,
  itemAt,
  SP,
} from './sharepoint.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;
let admin: TAuthResponse;
let drive: string;
/** The deal of "Lumen Health Ltd" that existed before any ingestion. */
let lumenDeal: TDeal;
let first: TIngestionResult;

const FILES = {
  'Nordlicht Robotics': [
    'Nordlicht Robotics - Investor Presentation.pdf',
    'Nordlicht Robotics Financial Model.xlsx',
    'Nordlicht Robotics Term Sheet.docx',
    'Management Accounts Q3 2026.pdf',
    'Customer References.docx',
  ],
  'Brightwave Energy': [
    'Brightwave Energy - Investor Presentation.pdf',
    'Brightwave Energy Financial Model.xlsx',
    'Brightwave Energy Term Sheet.docx',
  ],
  'Lumen Health': [
    'Lumen Health - Investor Presentation.pdf',
    'Lumen Health Financial Model.xlsx',
    'Lumen Health Term Sheet.docx',
    CONTROL_CHAR_FILE_NAME,
  ],
  'Kestrel Payments': [
    'Kestrel Payments - Investor Presentation.pdf',
    'Kestrel Payments Financial Model.xlsx',
    'Kestrel Payments Term Sheet.docx',
    LONG_FILE_NAME,
  ],
} as const;
const ANALYSED = Object.values(FILES).flat().length;
const SKIPPED = [
  'Deals/Brightwave Energy/Site photo.png',
  'Deals/Lumen Health/call notes.txt',
  'Deals/Kestrel Payments/Kestrel Payments Data Room Export.zip',
];

/** The deal each deal folder feeds, by company. */
async function dealsByCompany(): Promise<Map<string, TDeal>> {
  const deals = await dealsOf(server.app, admin.access_token);
  return new Map(deals.map((deal) => [deal.company, deal]));
}

/**
 * A file name as the document keeps it: the upload receiver drops control characters and keeps
 * the first 255 characters (the 400-character name loses its ".pdf"; its type comes from its content).
 */
const storedName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
  [...name.replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 255).join('');

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
  drive = dealsDrive(fake);
  admin = await registerOrganization(server.app);
  await connectMicrosoft(server.app, admin.access_token);
  const created = await call<TDeal>(server.app, 'POST', '/api/v1/deals', {
    token: admin.access_token,
    body: { company_name: 'Lumen Health Ltd', amount_requested: 2_500_000, source_name: 'Referral' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  lumenDeal = created.body;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('who may ingest', () => {
  it('refuses a member with 403', async () => {
    const member = await addMember(server.app, admin);
    await connectMicrosoft(server.app, member.access_token, 'priya@contoso.example');
    for (const path of ['/ingest', '/ingest/full', '/ingest/incremental']) {
      const response = await call(server.app, 'POST', `${SP}${path}`, { token: member.access_token });
      expect(response.status, path).toBe(403);
    }
  });
});

describe('a full ingestion', () => {
  it('makes each deal folder a company and a deal and each PDF, Word or Excel file a document', async () => {
    fake.resetRequestLog();
    first = await ingest(server.app, admin.access_token, 'full');
    expect(first, JSON.stringify(first)).toMatchObject({
      status: 'completed',
      mode: 'full',
      error: null,
      total_deals: 4,
      processed_deals: 4,
      total_documents: ANALYSED + SKIPPED.length,
      processed_documents: ANALYSED,
      skipped_documents: SKIPPED.length,
      failed_documents: 0,
      unchanged_documents: 0,
      removed_documents: 0,
    });
    expect(first.duration_seconds).toBeGreaterThan(0);

    // Skipped files are never downloaded.
    const log = fake.requestLog();
    for (const path of SKIPPED) {
      expect(contentRequests(log, itemAt(fake, drive, path).id), path).toEqual([]);
    }
    expect(downloads(log)).toHaveLength(ANALYSED);
  });

  it('creates the deals with source SharePoint, and feeds an existing company’s deal', async () => {
    const deals = await dealsByCompany();
    expect([...deals.keys()].sort()).toEqual(
      ['Brightwave Energy', 'Kestrel Payments', 'Lumen Health Ltd', 'Nordlicht Robotics'].sort(),
    );
    for (const company of ['Nordlicht Robotics', 'Brightwave Energy', 'Kestrel Payments']) {
      expect(deals.get(company), company).toMatchObject({ source_name: 'SharePoint', amount_requested: 0 });
    }
    expect(deals.get('Lumen Health Ltd')).toMatchObject({ id: lumenDeal.id, source_name: 'Referral' });
    expect(await companiesNamed(server.app, admin.access_token, 'Lumen')).toHaveLength(1);
  });

  it('analyses every file as a document of its folder’s deal', { timeout: 90_000 }, async () => {
    const documents = await analysedDocuments(server.app, admin.access_token);
    expect(documents).toHaveLength(ANALYSED);
    const failed = documents.filter((document) => document.status !== 'completed');
    expect(failed.map((d) => [d.name, d.error])).toEqual([]);
    const deals = await dealsByCompany();
    for (const [folder, names] of Object.entries(FILES)) {
      const deal = deals.get(folder === 'Lumen Health' ? 'Lumen Health Ltd' : folder)!;
      const ofDeal = await dealDocuments(server.app, admin.access_token, deal.id);
      expect(ofDeal.map((document) => document.name).sort(), folder).toEqual(names.map(storedName).sort());
    }
  });

  it('makes nothing new when run again', async () => {
    const before = await analysedDocuments(server.app, admin.access_token);
    fake.resetRequestLog();
    const again = await ingest(server.app, admin.access_token, 'full');
    expect(again, JSON.stringify(again)).toMatchObject({
      status: 'completed',
      total_deals: 4,
      processed_documents: 0,
      unchanged_documents: first.processed_documents,
      skipped_documents: SKIPPED.length,
      failed_documents: 0,
      removed_documents: 0,
    });
    expect(downloads(fake.requestLog())).toEqual([]);
    const after = await analysedDocuments(server.app, admin.access_token);
    expect(after.map((document) => document.id).sort()).toEqual(before.map((document) => document.id).sort());
    expect((await dealsOf(server.app, admin.access_token)).length).toBe(4);
  });
});

describe('incremental ingestion', () => {
  let termSheet: TDocumentListItem;

  it('analyses again exactly the file that changed, reading only the change', async () => {
    const deals = await dealsByCompany();
    const brightwave = deals.get('Brightwave Energy')!;
    const path = 'Deals/Brightwave Energy/Brightwave Energy Term Sheet.docx';
    const item = itemAt(fake, drive, path);
    const before = await dealDocuments(server.app, admin.access_token, brightwave.id);
    fake.updateFile(
      drive,
      item.id,
      await makeDocx([
        { heading: 'Brightwave Energy — Revised Term Sheet' },
        'Facility: EUR 12m senior secured venture debt, drawn in three tranches.',
      ]),
    );
    fake.resetRequestLog();
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'completed',
      mode: 'incremental',
      total_deals: 1,
      processed_deals: 1,
      total_documents: 1,
      processed_documents: 1,
      unchanged_documents: 0,
      skipped_documents: 0,
      removed_documents: 0,
    });
    const log = fake.requestLog();
    expect(graphRequests(log).length, JSON.stringify(log)).toBeLessThan(15);
    expect(downloads(log)).toEqual(contentRequests(log, item.id));
    expect(downloads(log)).toHaveLength(1);

    await analysedDocuments(server.app, admin.access_token);
    const after = await dealDocuments(server.app, admin.access_token, brightwave.id);
    expect(after).toHaveLength(before.length + 1);
    const added = after.filter((document) => !before.some((old) => old.id === document.id));
    expect(added.map((document) => [document.name, document.status])).toEqual([
      ['Brightwave Energy Term Sheet.docx', 'completed'],
    ]);
    termSheet = added[0]!;
    expect((await dealsOf(server.app, admin.access_token)).length).toBe(4);
  });

  it('marks a file deleted in SharePoint as removed and keeps its document', async () => {
    const path = 'Deals/Brightwave Energy/Brightwave Energy Term Sheet.docx';
    fake.deleteItem(drive, itemAt(fake, drive, path).id);
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'completed',
      removed_documents: 1,
      processed_documents: 0,
    });
    const kept = await call<TDocument>(server.app, 'GET', `/api/v1/documents/${termSheet.id}`, {
      token: admin.access_token,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.status).toBe('completed');

    // A full run afterwards does not count the removal again.
    const full = await ingest(server.app, admin.access_token, 'full');
    expect(full).toMatchObject({ status: 'completed', removed_documents: 0, processed_documents: 0 });
  });

  it('falls back to a full walk when Graph forgets the cursor (410), finding nothing new', async () => {
    const documents = (await analysedDocuments(server.app, admin.access_token)).length;
    fake.invalidateDeltaLinks();
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'completed',
      total_deals: 4,
      processed_documents: 0,
      removed_documents: 0,
      failed_documents: 0,
    });
    expect(run.unchanged_documents).toBe(ANALYSED - 1);
    expect((await analysedDocuments(server.app, admin.access_token)).length).toBe(documents);

    // The new cursor works: the next incremental run reads the (empty) delta.
    fake.resetRequestLog();
    const quiet = await ingest(server.app, admin.access_token, 'incremental');
    expect(quiet).toMatchObject({ status: 'completed', total_deals: 0, processed_documents: 0 });
    expect(graphRequests(fake.requestLog()).length).toBeLessThan(10);
  });

  it('picks up a new file and a new deal folder', async () => {
    fake.addFile(
      drive,
      'Deals/Kestrel Payments',
      'Kestrel Q4 Update.docx',
      await makeDocx(['ARR EUR 19.2m.']),
    );
    fake.addFile(drive, 'Deals/Aurora Analytics', 'Aurora Teaser.docx', await makeDocx(['Revenue EUR 4m.']));
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'completed',
      total_deals: 2,
      processed_documents: 2,
    });
    const deals = await dealsByCompany();
    expect(deals.get('Aurora Analytics')).toMatchObject({ source_name: 'SharePoint' });
    const aurora = await dealDocuments(server.app, admin.access_token, deals.get('Aurora Analytics')!.id);
    expect(aurora.map((document) => document.name)).toEqual(['Aurora Teaser.docx']);
  });

  it('marks the documents of a deal folder deleted whole as removed, keeping the deal', async () => {
    const aurora = (await dealsByCompany()).get('Aurora Analytics')!;
    fake.deleteItem(drive, itemAt(fake, drive, 'Deals/Aurora Analytics').id);
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'completed', removed_documents: 1 });
    const kept = await call(server.app, 'GET', `/api/v1/deals/${aurora.id}`, { token: admin.access_token });
    expect(kept.status).toBe(200);
    expect(await dealDocuments(server.app, admin.access_token, aurora.id)).toHaveLength(1);
  });
});

describe('quick ingestion', () => {
  it('takes at most 5 deal folders', async () => {
    // Seven deal folders now: the four seeded, Aurora Analytics and these two.
    for (const company of ['Beacon Bio', 'Cobalt Labs']) {
      fake.addFile(
        drive,
        `Deals/${company}`,
        `${company} Teaser.docx`,
        await makeDocx([`${company} teaser.`]),
      );
    }
    const run = await ingest(server.app, admin.access_token, 'quick');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'completed', mode: 'quick', total_deals: 5 });
    expect(run.processed_deals).toBe(5);
    // The CONTOSO companies are older than the folders just made: the two new ones are among the five.
    const deals = await dealsByCompany();
    expect(deals.has('Beacon Bio') && deals.has('Cobalt Labs')).toBe(true);
    expect((await dealsOf(server.app, admin.access_token)).length).toBe(CONTOSO.companies.length + 3);
  });
});
