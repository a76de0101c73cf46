import {
  type TAuthResponse,
  type TN8nWorkflowLogs,
  type TN8nWorkflowStarted,
  type TN8nWorkflowStatus,
  type TScenarioForecastResult,
  ZN8nIcMemoDraftRequest,
} from '@atempo/contracts';
import { workflowExecutions, workflowLogs } from '@atempo/db';
import { forecastScenarios } from '@atempo/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { FINANCIAL_MODEL, insertDocument, TERM_SHEET } from '../deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal, STRONG_COMPANY } from '../deals/pipeline.fixtures.ts';

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;
/** Organisation A's personal API key: the n8n calls use it, as an automation tool would. */
let apiKey: string;
let dealId: string;
let bareDealId: string;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const key = await call<{ secret: string }>(server.app, 'POST', '/api/v1/users/me/api-keys', {
    token: a.access_token,
    body: { name: 'n8n' },
  });
  expect(key.status).toBe(201);
  apiKey = key.body.secret;
  const company = await createCompany(server.app, a.access_token, {
    name: 'Lumen Robotics',
    ...STRONG_COMPANY,
  });
  dealId = (
    await createDeal(server.app, a.access_token, { company_id: company.id, amount_requested: 5_000_000 })
  ).id;
  bareDealId = (
    await createDeal(server.app, a.access_token, { company_name: 'Quiet Ltd', amount_requested: 2e6 })
  ).id;
  const base = { organizationId: a.organization.id, dealId, companyId: company.id, createdBy: a.user.id };
  await insertDocument(server.database.db, {
    ...base,
    name: 'Lumen FY2024 model.xlsx',
    format: 'xlsx',
    documentType: 'financial_model',
    createdAt: new Date(Date.now() - 3_600_000),
    analysis: FINANCIAL_MODEL,
  });
  await insertDocument(server.database.db, {
    ...base,
    name: 'Term sheet.pdf',
    documentType: 'term_sheet',
    pageCount: 3,
    createdAt: new Date(Date.now() - 1_800_000),
    analysis: TERM_SHEET,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, token = apiKey) =>
  call<TN8nWorkflowStarted>(server.app, 'POST', `/api/v1/n8n/${path}`, { token, body });
const status = (id: string, token = apiKey) =>
  call<TN8nWorkflowStatus>(server.app, 'GET', `/api/v1/n8n/workflow-status/${id}`, { token });
const logs = (id: string, query = '', token = apiKey) =>
  call<TN8nWorkflowLogs>(server.app, 'GET', `/api/v1/n8n/workflow-logs/${id}${query}`, { token });

async function settled(id: string): Promise<TN8nWorkflowStatus> {
  await expect
    .poll(async () => (await status(id)).body.status, { timeout: 60_000, interval: 250 })
    .toMatch(/completed|failed/);
  return (await status(id)).body;
}

describe('POST /n8n/scenario-forecasts', () => {
  it('applies the defaults, runs on the runner with an API key, and answers the model over the cited figures', async () => {
    const started = await post('scenario-forecasts', { deal_id: dealId });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({
      status: 'pending',
      workflow_type: 'n8n_scenario_forecasts',
      priority: 'standard',
    });
    const done = await settled(started.body.execution_id);
    expect(done.status).toBe('completed');
    expect(done.priority).toBe('standard');
    expect(done.steps.map((step) => [step.name, step.status])).toEqual([
      ['gather_inputs', 'completed'],
      ['project', 'completed'],
    ]);
    const result = done.result as TScenarioForecastResult;
    expect(result).toMatchObject({
      deal_id: dealId,
      company_name: 'Lumen Robotics',
      forecast_type: 'market_analysis',
      time_horizon: '5_years',
      horizon_months: 60,
      status: 'complete',
    });
    expect(result.cases!.base.months).toHaveLength(60);
    // Every input carries its source; the facility is the term sheet's, not an invention.
    const source = (name: string) => result.assumptions.find((item) => item.name === name);
    expect(source('cash')).toMatchObject({
      value: 15_000_000,
      source: expect.stringMatching(/financial metrics: cash$/),
    });
    expect(source('facility_amount')).toEqual({
      name: 'facility_amount',
      value: 5_000_000,
      source: 'Term sheet.pdf, page 1: €5,000,000',
    });
    // The months are the model's, over those very assumptions.
    const figure = (name: string) => {
      const found = source(name);
      return found ? { value: found.value as number, source: found.source } : null;
    };
    const expected = forecastScenarios(
      {
        annual_revenue: figure('annual_revenue'),
        revenue_growth: figure('revenue_growth'),
        gross_margin: figure('gross_margin'),
        monthly_burn: figure('monthly_burn'),
        cash: figure('cash'),
      },
      {
        amount: figure('facility_amount')!,
        interest_rate: figure('facility_interest_rate')!,
        drawdown_month: figure('facility_drawdown_month')!,
        interest_only_months: figure('facility_interest_only_months')!,
        amortisation_months: figure('facility_amortisation_months')!,
      },
      60,
    );
    if (expected.status !== 'complete') throw new Error('expected a complete forecast');
    expect(result.cases!.downside.months[11]!.cash).toBeCloseTo(expected.cases.downside.months[11]!.cash, 1);
    expect(result.cases!.base.cash_out_month).toBe(expected.cases.base.cash_out_month);
    expect(result.cases!.base.months[0]!.cash_with_facility).toBeCloseTo(
      expected.cases.base.months[0]!.cash_with_facility!,
      1,
    );
  }, 90_000);

  it('projects the horizon asked for, and says what a deal without figures lacks', async () => {
    const started = await post('scenario-forecasts', {
      deal_id: bareDealId,
      time_horizon: '2_years',
      forecast_type: 'stress_test',
      priority: 'urgent',
    });
    expect(started.body.priority).toBe('urgent');
    const done = await settled(started.body.execution_id);
    const result = done.result as TScenarioForecastResult;
    expect(result).toMatchObject({
      status: 'insufficient_data',
      cases: null,
      horizon_months: 24,
      forecast_type: 'stress_test',
    });
    expect(result.missing).toEqual(
      expect.arrayContaining(['annual_revenue', 'revenue_growth', 'monthly_burn', 'cash']),
    );
    expect(result.notes[0]).toMatch(/^Not in the data: /);
    const lines = (await logs(started.body.execution_id)).body.logs;
    expect(lines.some((line) => line.level === 'warn' && line.message.startsWith('Not in the data'))).toBe(
      true,
    );
  }, 90_000);
});

describe('POST /n8n/upload-deck', () => {
  it("finds the deal's document by file name and reports its processing and analysis", async () => {
    const started = await post('upload-deck', {
      deal_id: dealId,
      company_name: 'Lumen Robotics',
      file_name: ' lumen fy2024 MODEL.xlsx ',
      file_type: 'xlsx',
      uploaded_by: 'n8n',
    });
    expect(started.body).toMatchObject({ workflow_type: 'n8n_upload_deck', priority: 'standard' });
    const done = await settled(started.body.execution_id);
    expect(done.status).toBe('completed');
    const result = done.result as {
      document: { name: string; status: string };
      processing: { status: string };
      analysis: {
        document_type: string;
        key_metrics: Record<string, { value: number }>;
        risk_flags: string[];
      };
    };
    expect(result.document).toMatchObject({ name: 'Lumen FY2024 model.xlsx', status: 'completed' });
    expect(result.processing.status).toBe('completed');
    expect(result.analysis.document_type).toBe('financial_model');
    expect(result.analysis.key_metrics.revenue!.value).toBe(12_400_000);
  }, 90_000);

  it('fails, saying why, when no such file was uploaded to the deal', async () => {
    const started = await post('upload-deck', { deal_id: dealId, file_name: 'missing.pdf' });
    const done = await settled(started.body.execution_id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^find_document: No document named 'missing.pdf' was uploaded to deal #\d+$/);
    expect(done.steps.map((step) => step.status)).toEqual(['failed', 'pending', 'pending']);
    // A missing file stays missing: the step ran once, not again on the job's retries.
    const lines = (await logs(started.body.execution_id)).body.logs.map((line) => line.message);
    expect(lines.filter((line) => line === "Step 'find_document' started")).toHaveLength(1);
  }, 30_000);
});

describe('POST /n8n/metrics-extraction', () => {
  it("gathers the documents' metrics with their citations, reading all documents when none is of the type asked", async () => {
    const started = await post('metrics-extraction', { deal_id: dealId });
    const done = await settled(started.body.execution_id);
    expect(done.status).toBe('completed');
    const result = done.result as {
      document_type_matched: boolean;
      metrics: { name: string; value: number; document_name: string; source: { label: string } }[];
      latest: Record<string, { value: number }>;
    };
    expect(result.document_type_matched).toBe(false);
    expect(result.metrics).toContainEqual(
      expect.objectContaining({
        name: 'revenue',
        value: 12_400_000,
        // A year's revenue: the months it covers travel with it.
        months_covered: 12,
        document_name: 'Lumen FY2024 model.xlsx',
        source: expect.objectContaining({ label: 'P&L!D14' }),
      }),
    );
    expect(result.latest.last_round!.value).toBe(27_600_000);
    const lines = (await logs(started.body.execution_id)).body.logs;
    expect(lines.map((line) => line.message)).toContainEqual(
      expect.stringMatching(
        /^No financial_statements document on deal #\d+: reading all 2 analysed documents$/,
      ),
    );
  }, 90_000);

  it('reads only the documents of the type asked', async () => {
    const started = await post('metrics-extraction', {
      deal_id: dealId,
      document_type: 'term_sheet',
      extraction_type: 'key_metrics',
    });
    const done = await settled(started.body.execution_id);
    const result = done.result as { document_type_matched: boolean; documents: { name: string }[] };
    expect(result.document_type_matched).toBe(true);
    expect(result.documents.map((document) => document.name)).toEqual(['Term sheet.pdf']);
  }, 90_000);
});

describe('GET /n8n/workflow-logs/{id}', () => {
  it('keeps a line per step event, answers the newest `limit` oldest first, 50 by default', async () => {
    const started = await post('upload-deck', { deal_id: dealId, file_name: 'Term sheet.pdf' });
    await settled(started.body.execution_id);
    const all = await logs(started.body.execution_id);
    expect(all.status).toBe(200);
    expect(all.body.limit).toBe(50);
    const messages = all.body.logs.map((line) => `${line.step}: ${line.message}`);
    expect(messages[0]).toBe("find_document: Step 'find_document' started");
    expect(messages.at(-1)).toBe("analysis: Step 'analysis' completed");
    expect(messages).toContain('processing_status: Processing is completed');
    const times = all.body.logs.map((line) => line.timestamp);
    expect([...times].sort()).toEqual(times);
    const lastTwo = await logs(started.body.execution_id, '?limit=2');
    expect(lastTwo.body.logs.map((line) => line.message)).toEqual(
      all.body.logs.slice(-2).map((line) => line.message),
    );
    for (const bad of ['?limit=0', '?limit=501', '?limit=ten']) {
      expect((await logs(started.body.execution_id, bad)).status, bad).toBe(422);
    }
  }, 90_000);
});

describe('POST /n8n/ic-memo-draft', () => {
  it('defaults to high priority and an investment-committee memo', () => {
    const parsed = ZN8nIcMemoDraftRequest.parse({ deal_id: dealId });
    expect(parsed).toMatchObject({ priority: 'high', memo_type: 'investment_committee' });
  });

  it('drafts the memo through the IC preparation workflow, at high priority, and logs its steps', async () => {
    const response = await post('ic-memo-draft', { deal_id: dealId });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ priority: 'high', workflow_type: 'ic_preparation' });
    const done = await settled(response.body.execution_id);
    expect(done.status).toBe('completed');
    const memoId = (done.result as { memo_id: string }).memo_id;
    const memo = await call(server.app, 'GET', `/api/v1/ic-memos/${memoId}`, { token: a.access_token });
    expect(memo.status).toBe(200);
    expect(memo.body).toMatchObject({ deal_id: dealId, version: 1 });
    const lines = await logs(response.body.execution_id, '');
    expect(lines.body.logs.map((line) => line.message)).toContain("Step 'write_memo' completed");
  }, 90_000);

  it("answers 404 for another organisation's deal or user", async () => {
    expect((await post('ic-memo-draft', { deal_id: dealId }, b.access_token)).status).toBe(404);
    expect((await post('ic-memo-draft', { deal_id: dealId, user_id: b.user.id })).status).toBe(404);
  });
});

describe('n8n endpoints guard their input and their tenants', () => {
  it('answers health without a token', async () => {
    const health = await call(server.app, 'GET', '/api/v1/n8n/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'healthy' });
    expect(health.body.workflows).toEqual(
      expect.arrayContaining(['n8n_upload_deck', 'n8n_metrics_extraction', 'n8n_scenario_forecasts']),
    );
  });

  it("answers 404 for another organisation's deals and executions", async () => {
    const mine = await post('scenario-forecasts', { deal_id: dealId });
    for (const path of ['scenario-forecasts', 'metrics-extraction']) {
      const response = await post(path, { deal_id: dealId }, b.access_token);
      expect(response.status, path).toBe(404);
      expect(response.body.detail).toBe('Deal not found');
    }
    expect(
      (await post('upload-deck', { deal_id: dealId, file_name: 'Term sheet.pdf' }, b.access_token)).status,
    ).toBe(404);
    expect((await status(mine.body.execution_id, b.access_token)).status).toBe(404);
    expect((await logs(mine.body.execution_id, '', b.access_token)).status).toBe(404);
    expect((await status(crypto.randomUUID())).status).toBe(404);
  });

  it('refuses bad input with 4xx and starts nothing', async () => {
    const db = server.database.db;
    const executionIds = async () =>
      (
        await db
          .select({ id: workflowExecutions.id })
          .from(workflowExecutions)
          .where(eq(workflowExecutions.organizationId, a.organization.id))
      ).map((row) => row.id);
    const before = new Set(await executionIds());
    const cases: [string, unknown][] = [
      ['scenario-forecasts', {}],
      ['scenario-forecasts', { deal_id: 'not-a-uuid' }],
      ['scenario-forecasts', { deal_id: dealId, time_horizon: '50_years' }],
      ['scenario-forecasts', { deal_id: dealId, priority: 'whenever' }],
      ['scenario-forecasts', { deal_id: dealId, forecast_type: "x'; drop table deals; --" }],
      ['upload-deck', { deal_id: dealId }],
      ['upload-deck', { deal_id: dealId, file_name: 'x'.repeat(300) }],
      ['metrics-extraction', { deal_id: dealId, document_type: 'napkin' }],
      ['ic-memo-draft', { deal_id: dealId, user_id: 'me' }],
    ];
    for (const [path, body] of cases) {
      const response = await post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await post('scenario-forecasts', { deal_id: dealId }, '')).status).toBe(401);
    expect((await status('not-an-id')).status).toBe(422);
    // No execution was recorded, so no step logged a line: earlier tests' executions may still log.
    expect((await executionIds()).filter((id) => !before.has(id))).toEqual([]);
    const logged = await db.select({ executionId: workflowLogs.executionId }).from(workflowLogs);
    expect(logged.filter((line) => !before.has(line.executionId))).toEqual([]);
  });
});
