import type {
  TAuthResponse,
  TDiscoverDealsResponse,
  TSchedulerStatus,
  TSharePointStats,
  TSharePointSyncResult,
  TSharePointTestConnection,
} from '@atempo/contracts';
import type { MicrosoftFake } from '@atempo/integrations/fakes';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../platform/jobs.ts';
import { RUN_WORKFLOW } from '../../../platform/workflows/index.ts';
import { addMember, registerOrganization } from '../../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../../test/server.ts';
import { scheduledIngestionJob } from '../index.ts';
import { connectMicrosoft, microsoftEnv, startWithMicrosoft } from '../integrations.fixtures.ts';
import { analysedDocuments, dealsDrive, dealsOf, ingest, runOutcome, SP } from './sharepoint.fixtures.ts';
import { maxDocumentsOf } from './sync.service.ts';

let fake: MicrosoftFake;
let server: TestServer;
let admin: TAuthResponse;
let member: TAuthResponse;
/** Sends jobs into the app's queue tables, as a second process would; the app's workers run them. */
let sender: JobQueue;
/** The deal folders the stats test ingests, and how many documents that made. */
let ingested: string[] = [];
let analysed = 0;

const HOUR = 60 * 60 * 1000;

/** The cron job as a worker runs it; its handler reads the database and starts runs through the queue. */
const cronJob = () =>
  scheduledIngestionJob({ db: server.database.db, jobs: sender } as Parameters<
    typeof scheduledIngestionJob
  >[0]);

const as = (user: TAuthResponse) => ({
  get: <T>(path: string) => call<T>(server.app, 'GET', `${SP}${path}`, { token: user.access_token }),
  post: <T>(path: string, body?: unknown) =>
    call<T>(server.app, 'POST', `${SP}${path}`, { token: user.access_token, body }),
  put: <T>(path: string, body?: unknown) =>
    call<T>(server.app, 'PUT', `${SP}${path}`, { token: user.access_token, body }),
});

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
  admin = await registerOrganization(server.app);
  await connectMicrosoft(server.app, admin.access_token);
  member = await addMember(server.app, admin);
  sender = new JobQueue({ database: server.database, logger: pino({ level: 'silent' }) });
  sender.define({ name: RUN_WORKFLOW, handler: async () => {} });
  await sender.start({ work: false });
});
afterAll(async () => {
  await sender?.stop(1000);
  await server?.close();
  await fake?.close();
});

describe('deal folder settings', () => {
  it('starts at the default place', async () => {
    const response = await as(member).get('/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ site_id: null, drive_id: null, folder_path: 'Deals', chosen: false });
  });

  it('lets only admins choose', async () => {
    const response = await as(member).put('/settings', {
      site_id: null,
      drive_id: null,
      folder_path: 'Deals',
    });
    expect(response.status).toBe(403);
  });

  it('refuses a folder that does not exist, keeping what was chosen before', async () => {
    const response = await as(admin).put('/settings', {
      site_id: null,
      drive_id: dealsDrive(fake),
      folder_path: 'Pipeline/2026',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.code).toBe('FOLDER_NOT_FOUND');
    const after = await as(admin).get('/settings');
    expect(after.body).toMatchObject({ folder_path: 'Deals', chosen: false });
  });

  it('refuses a site without that folder rather than reading my OneDrive instead', async () => {
    const portfolio = fake.sites.find((site) => site.name === 'Portfolio')!;
    const response = await as(admin).put('/settings', {
      site_id: portfolio.id,
      drive_id: null,
      folder_path: 'Deals',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect((await as(admin).get('/settings')).body).toMatchObject({ chosen: false, site_id: null });
  });

  it('saves a library and folder that exist, and the deal folders are read there', async () => {
    const root = fake.sites.find((site) => site.isRoot)!;
    const archive = root.drives.find((drive) => drive.name === 'Archive')!;
    const chosen = { site_id: root.id, drive_id: archive.id, folder_path: '/Deals/' };
    const response = await as(admin).put('/settings', chosen);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ ...chosen, folder_path: 'Deals', chosen: true });
    const test = await as(admin).post<TSharePointTestConnection>('/test-connection');
    expect(test.body).toMatchObject({ status: 'connected', folders_discovered: 0 });

    // Back to the root site's Documents library.
    const back = await as(admin).put('/settings', { site_id: null, drive_id: null, folder_path: 'Deals' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ chosen: true, folder_path: 'Deals' });
  });
});

describe('connection test, stats and deal discovery', () => {
  it('tests the connection and counts the deal folders', async () => {
    const response = await as(admin).post<TSharePointTestConnection>('/test-connection');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'connected',
      message: 'Connected to Contoso Deals: 4 deal folders in “Deals”.',
      folders_discovered: 4,
    });
  });

  it('says the test failed for a member without a connection', async () => {
    const response = await as(member).post<TSharePointTestConnection>('/test-connection');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'failed',
      message: 'Connection failed: Please authenticate with Microsoft 365 first',
      folders_discovered: 0,
    });
  });

  it('answers the stats before and after an ingestion', async () => {
    const before = await as(admin).get<TSharePointStats>('/stats');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      total_deal_folders: 4,
      recent_deals: 4,
      connection_status: 'connected',
      sharepoint_docs: 0,
      sites: [{ name: 'Contoso Deals' }],
    });
    const memberStats = await as(member).get<TSharePointStats>('/stats');
    expect(memberStats.body).toMatchObject({ connection_status: 'not_connected', total_deal_folders: 0 });

    const discovered = await as(admin).get<TDiscoverDealsResponse>('/discover-deals');
    expect(discovered.status).toBe(200);
    expect(discovered.body.total).toBe(4);
    expect(discovered.body.deals.map((deal) => deal.deal_id)).toEqual([null, null, null, null]);

    // The two most recently changed deal folders (ingesting all four would only add analysis time).
    const run = await ingest(server.app, admin.access_token, 'full', { max_deals: 2 });
    expect(run).toMatchObject({ status: 'completed', total_deals: 2, failed_documents: 0 });
    expect(run.processed_documents).toBeGreaterThanOrEqual(6);
    ingested = discovered.body.deals.slice(0, 2).map((deal) => deal.company_name);
    analysed = run.processed_documents;

    const after = await as(admin).get<TSharePointStats>('/stats');
    expect(after.body).toMatchObject({ total_deal_folders: 4, sharepoint_docs: analysed });
    const found = await as(admin).get<TDiscoverDealsResponse>('/discover-deals');
    const deals = new Map(
      (await dealsOf(server.app, admin.access_token)).map((deal) => [deal.company, deal.id]),
    );
    expect([...deals.keys()].sort()).toEqual([...ingested].sort());
    expect(found.body.deals.map((deal) => [deal.company_name, deal.deal_id])).toEqual(
      discovered.body.deals.map((deal) => [deal.company_name, deals.get(deal.company_name) ?? null]),
    );
    for (const deal of found.body.deals) expect(deal.modified_at).toBeTruthy();
  });
});

describe('Basic Sync', () => {
  it('reads max_documents 1 to 100, anything else as 20', () => {
    expect([maxDocumentsOf('abc'), maxDocumentsOf(''), maxDocumentsOf(undefined)]).toEqual([20, 20, 20]);
    expect([maxDocumentsOf('0'), maxDocumentsOf('101'), maxDocumentsOf('2.5')]).toEqual([20, 20, 20]);
    expect([maxDocumentsOf('1'), maxDocumentsOf('100')]).toEqual([1, 100]);
  });

  it('indexes the ingested documents with the facility terms of the term sheets', {
    timeout: 90_000,
  }, async () => {
    await analysedDocuments(server.app, admin.access_token);
    const three = await as(admin).post<TSharePointSyncResult>('/sync?max_documents=3');
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    expect(three.body.summary).toMatch(/^Synced 3 of 3 SharePoint documents into the Knowledge Hub/);

    const response = await as(admin).post<TSharePointSyncResult>(
      '/sync?max_documents=abc&use_chunking=true&chunk_size=1000',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.errors).toEqual([]);
    // Fewer documents than the fallback of 20: every one.
    expect(response.body.summary).toMatch(
      new RegExp(`^Synced ${analysed} of ${analysed} SharePoint documents into the Knowledge Hub`),
    );
    // The analyst reads each term sheet's facility: EUR 10m, 11.5% interest, 42 months, 8% warrants.
    expect(response.body.extracted_terms.map((entry) => entry.document).sort()).toEqual(
      ingested.map((company) => `${company} Term Sheet.docx`).sort(),
    );
    for (const { terms } of response.body.extracted_terms) {
      expect(terms).toEqual({
        facility_amount: 'EUR 10m',
        interest_rate: 'Interest: 11.5%',
        maturity_months: 'Tenor: 42 months',
        warrant_coverage: 'Warrants: 8%',
      });
    }
  });

  it('answers a summary without documents for a member’s organisation with none', async () => {
    const other = await registerOrganization(server.app);
    const response = await call<TSharePointSyncResult>(server.app, 'POST', `${SP}/sync`, {
      token: other.access_token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      summary: 'No SharePoint documents yet: run an ingestion first.',
      extracted_terms: [],
      errors: [],
    });
  });
});

describe('the scheduler', () => {
  it('lets only admins start and stop it', async () => {
    expect((await as(member).post('/scheduler/start')).status).toBe(403);
    expect((await as(member).post('/scheduler/stop')).status).toBe(403);
    const status = await as(member).get<TSchedulerStatus>('/scheduler/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ is_running: false, interval_hours: 6, next_run_at: null });
  });

  it('starts every 6 hours, and its state is in the database', async () => {
    const started = await as(admin).post<TSchedulerStatus>('/scheduler/start');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ is_running: true, interval_hours: 6 });
    const next = Date.parse(started.body.next_run_at ?? '');
    expect(Math.abs(next - (Date.now() + 6 * HOUR))).toBeLessThan(60_000);
    // The last run is the ingestion of the stats test.
    expect(started.body.last_result).toMatchObject({ status: 'completed', mode: 'full' });

    const second = await startTestServer({ database: server.database, env: microsoftEnv(fake) });
    try {
      const there = await call<TSchedulerStatus>(second.app, 'GET', `${SP}/scheduler/status`, {
        token: admin.access_token,
      });
      expect(there.status).toBe(200);
      expect(there.body).toEqual(started.body);
    } finally {
      await second.close();
    }
  });

  it('runs an incremental ingestion when due, once', async () => {
    const status = (await as(admin).get<TSchedulerStatus>('/scheduler/status')).body;
    const now = new Date(Date.parse(status.next_run_at!) + 60_000);
    const job = cronJob();
    const context = { jobId: 'test', logger: pino({ level: 'silent' }), finalAttempt: true };
    await job.handler({ now: now.toISOString() }, context);

    const after = (await as(admin).get<TSchedulerStatus>('/scheduler/status')).body;
    expect(after.is_running).toBe(true);
    expect(after.last_run_at).toBe(now.toISOString());
    expect(Date.parse(after.next_run_at!)).toBe(now.getTime() + 6 * HOUR);
    expect(after.last_result).toMatchObject({ mode: 'incremental' });
    const runId = after.last_result!.execution_id;
    expect(runId).not.toBe(status.last_result?.execution_id);
    const run = await runOutcome(server.app, admin.access_token, runId);
    // The only run so far took 2 of the 4 deal folders: with no cursor yet, the scheduled run walks
    // every folder and brings in the two left out, leaving the others unchanged.
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'completed',
      mode: 'incremental',
      total_deals: 4,
      unchanged_documents: analysed,
      processed_documents: 16 - analysed,
    });

    // Called again at the same moment (a second worker, a retried job): nothing more starts.
    await job.handler({ now: now.toISOString() }, context);
    const again = (await as(admin).get<TSchedulerStatus>('/scheduler/status')).body;
    expect(again.last_result?.execution_id).toBe(runId);
    expect(again.next_run_at).toBe(after.next_run_at);
  });

  it('stops, and a stopped schedule is never due', async () => {
    const stopped = await as(admin).post<TSchedulerStatus>('/scheduler/stop');
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ is_running: false, next_run_at: null });
    const job = cronJob();
    const later = new Date(Date.now() + 100 * HOUR).toISOString();
    await job.handler(
      { now: later },
      { jobId: 'test', logger: pino({ level: 'silent' }), finalAttempt: true },
    );
    const status = (await as(admin).get<TSchedulerStatus>('/scheduler/status')).body;
    expect(status.is_running).toBe(false);
    expect(status.last_run_at).not.toBe(later);
  });
});
