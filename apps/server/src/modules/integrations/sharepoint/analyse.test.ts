import type { TAuthResponse, TDeal, TSharePointDocumentAnalysis } from '@atempo/contracts';
import type { MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../../test/fixtures.ts';
import { call, type TestServer } from '../../../test/server.ts';
import { connectMicrosoft, startWithMicrosoft } from '../integrations.fixtures.ts';
import { contentRequests, dealDocuments, dealsDrive, itemAt, SP } from './sharepoint.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;
let admin: TAuthResponse;
let drive: string;
let deal: TDeal;

const analyse = (body: Record<string, unknown>, token = admin.access_token) =>
  call<TSharePointDocumentAnalysis>(server.app, 'POST', `${SP}/analyse-document`, { token, body });

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
  drive = dealsDrive(fake);
  admin = await registerOrganization(server.app);
  await connectMicrosoft(server.app, admin.access_token);
  const created = await call<TDeal>(server.app, 'POST', '/api/v1/deals', {
    token: admin.access_token,
    body: { company_name: 'Nordlicht Robotics', amount_requested: 5_000_000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  deal = created.body;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('POST /sharepoint/analyse-document', () => {
  it('analyses a PDF of the library as a document of the deal', async () => {
    const item = itemAt(
      fake,
      drive,
      'Deals/Nordlicht Robotics/Nordlicht Robotics - Investor Presentation.pdf',
    );
    const response = await analyse({ drive_id: drive, item_id: item.id, deal_id: deal.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = response.body;
    expect(result).toMatchObject({
      filename: 'Nordlicht Robotics - Investor Presentation.pdf',
      fileType: 'pdf',
      fileSize: item.size,
      status: 'completed',
    });
    expect(result.analysis.canAnalyse).toBe(true);
    expect(result.analysis.documentType).toBe('pitch_deck');
    expect(result.analysis.summary).toContain('Nordlicht Robotics is raising a growth round');
    // The deck's figures as people read them: ARR €8M, monthly net burn €600k, 21 months of runway, NRR 118%.
    expect(result.analysis.keyMetrics).toEqual(
      expect.arrayContaining([
        { name: 'arr', value: '€8M' },
        { name: 'net_burn', value: '€600k (monthly)' },
        { name: 'runway_months', value: '21 months' },
        { name: 'net_revenue_retention', value: '118%' },
        { name: 'revenue', value: '€9.8M (FY2026)' },
      ]),
    );
    expect([...result.contentPreview].length).toBeLessThanOrEqual(500);
    expect(result.contentPreview).toContain('Nordlicht Robotics is raising a growth round');

    const documents = await dealDocuments(server.app, admin.access_token, deal.id);
    expect(documents.map((document) => [document.id, document.name, document.status])).toEqual([
      [result.document_id, 'Nordlicht Robotics - Investor Presentation.pdf', 'completed'],
    ]);
    expect(documents[0]).toMatchObject({ deal_id: deal.id, company_id: deal.company_id });
  });

  it('refuses a 5 GB file with 413 without downloading it', async () => {
    const item = itemAt(fake, drive, 'Deals/Kestrel Payments/Kestrel Payments Data Room Export.zip');
    fake.resetRequestLog();
    const response = await analyse({ drive_id: drive, item_id: item.id, deal_id: deal.id });
    expect(response.status, JSON.stringify(response.body)).toBe(413);
    expect(contentRequests(fake.requestLog(), item.id)).toEqual([]);
  });

  it('refuses an image by its content with 415', async () => {
    const item = itemAt(fake, drive, 'Deals/Brightwave Energy/Site photo.png');
    const response = await analyse({ drive_id: drive, item_id: item.id, company_name: 'Brightwave Energy' });
    expect(response.status, JSON.stringify(response.body)).toBe(415);
  });

  it('answers 404 for a folder or an item that does not exist', async () => {
    const folder = itemAt(fake, drive, 'Deals/Nordlicht Robotics');
    const response = await analyse({ drive_id: drive, item_id: folder.id, deal_id: deal.id });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    const missing = await analyse({ drive_id: drive, item_id: 'NOPE', deal_id: deal.id });
    expect(missing.status).toBe(404);
  });

  it('answers 404 for a deal of no one and 409 without a connection', async () => {
    const item = itemAt(fake, drive, 'Deals/Nordlicht Robotics/Nordlicht Robotics Term Sheet.docx');
    const noDeal = await analyse({
      drive_id: drive,
      item_id: item.id,
      deal_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(noDeal.status, JSON.stringify(noDeal.body)).toBe(404);
    const member = await addMember(server.app, admin);
    const notConnected = await analyse({ drive_id: drive, item_id: item.id }, member.access_token);
    expect(notConnected.status).toBe(409);
    expect(notConnected.body.detail).toBe('Please authenticate with Microsoft 365 first');
  });
});
