import type { TAuthResponse, TDeal, TIngestionResult } from '@atempo/contracts';
import { CONTROL_CHAR_FILE_NAME, LONG_FILE_NAME, type MicrosoftFake } from '@atempo/integrations/fakes';
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
  ingest,
  itemAt,
  runOutcome,
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
    for (const path of [
      `${SP}/ingest`,
      `${SP}/ingest/full`,
      `${SP}/ingest/incremental`,
      '/api/v1/knowledge/process-sharepoint',
    ]) {
      const response = await call(server.app, 'POST', path, { token: member.access_token });
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

  it('is what the Knowledge Hub’s process-sharepoint starts too', async () => {
    const started = await call<TIngestionResult>(server.app, 'POST', '/api/v1/knowledge/process-sharepoint', {
      token: admin.access_token,
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', mode: 'full' });
    // One run at a time: asking again while it runs answers the same run.
    const twice = await call<TIngestionResult>(server.app, 'POST', `${SP}/ingest/incremental`, {
      token: admin.access_token,
    });
    expect(twice.status).toBe(202);
    expect(twice.body.execution_id).toBe(started.body.execution_id);
    const done = await runOutcome(server.app, admin.access_token, started.body.execution_id);
    expect(done).toMatchObject({ status: 'completed', total_deals: 4, processed_documents: 0 });
  });
});
