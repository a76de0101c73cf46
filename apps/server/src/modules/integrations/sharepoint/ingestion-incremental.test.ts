import type { TAuthResponse, TDeal, TDocument, TDocumentListItem } from '@atempo/contracts';
import { makeDocx } from '@atempo/documents/testing';
import { CONTOSO, type MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../../test/fixtures.ts';
import { call, type TestServer } from '../../../test/server.ts';
import { connectMicrosoft, startWithMicrosoft } from '../integrations.fixtures.ts';
import {
  contentRequests,
  dealDocuments,
  dealsDrive,
  dealsOf,
  documentsOf,
  downloads,
  graphRequests,
  ingest,
  itemAt,
} from './sharepoint.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;
let admin: TAuthResponse;
let drive: string;

/** PDF, Word and Excel files of the four seeded deal folders. */
const ANALYSED = 16;

/** The deal each deal folder feeds, by company. */
async function dealsByCompany(): Promise<Map<string, TDeal>> {
  const deals = await dealsOf(server.app, admin.access_token);
  return new Map(deals.map((deal) => [deal.company, deal]));
}

/**
 * Incremental runs after one full run (whose documents are not waited for: the analysis is
 * ingestion.test's subject). Each run here reads the drive's Graph delta since the last.
 */
beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
  drive = dealsDrive(fake);
  admin = await registerOrganization(server.app);
  await connectMicrosoft(server.app, admin.access_token);
  const full = await ingest(server.app, admin.access_token, 'full');
  expect(full, JSON.stringify(full)).toMatchObject({ status: 'completed', processed_documents: ANALYSED });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
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

    const after = await dealDocuments(server.app, admin.access_token, brightwave.id);
    expect(after).toHaveLength(before.length + 1);
    const added = after.filter((document) => !before.some((old) => old.id === document.id));
    expect(added.map((document) => document.name)).toEqual(['Brightwave Energy Term Sheet.docx']);
    // A new document of the deal, queued for analysis behind the full run's (not waited for here).
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
    expect(kept.body.deal_id).toBe(termSheet.deal_id);

    // A full run afterwards does not count the removal again.
    const full = await ingest(server.app, admin.access_token, 'full');
    expect(full).toMatchObject({ status: 'completed', removed_documents: 0, processed_documents: 0 });
  });

  it('falls back to a full walk when Graph forgets the cursor (410), finding nothing new', async () => {
    const documents = (await documentsOf(server.app, admin.access_token)).length;
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
    expect((await documentsOf(server.app, admin.access_token)).length).toBe(documents);

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

describe('a file refused by its content', () => {
  it('is skipped, and not downloaded again while it has not changed', async () => {
    // Named like a PDF, but an image: only reading it tells.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const scan = fake.addFile(drive, 'Deals/Kestrel Payments', 'Scanned Deck.pdf', png);
    fake.resetRequestLog();
    const first = await ingest(server.app, admin.access_token, 'incremental');
    expect(first, JSON.stringify(first)).toMatchObject({
      status: 'completed',
      processed_documents: 0,
      skipped_documents: 1,
      failed_documents: 0,
    });
    expect(contentRequests(fake.requestLog(), scan.id)).toHaveLength(1);

    fake.resetRequestLog();
    const again = await ingest(server.app, admin.access_token, 'full');
    expect(again).toMatchObject({ status: 'completed', processed_documents: 0, failed_documents: 0 });
    expect(contentRequests(fake.requestLog(), scan.id)).toEqual([]);
    expect(downloads(fake.requestLog())).toEqual([]);
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
