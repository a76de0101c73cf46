import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, storeSession } from '../../../test/fake-api.ts';
import { type FakeHandler, hangUntilAborted, jsonResponse } from '../../../test/fakes.ts';
import { makeIcMemo } from '../testing/ic-memo-fixtures.ts';
import { AGENT_TIMEOUT_MS, exportIcMemoPdf, generateIcMaterials } from './ic-memos-api.ts';

const DEAL = '0e000000-0000-4000-8000-000000000001';
const AGENT_PACKAGE = {
  executive_summary: 'Lumen is a fit.',
  investment_recommendation: 'Proceed',
  deal_terms: { facility_amount: 5_000_000 },
  financial_analysis: { revenue_forecast: 'Up 40%', debt_capacity: 6_000_000 },
  risk_assessment: { overall_risk_rating: 'Medium' },
};

function serve(routes: Record<string, FakeHandler>) {
  storeSession();
  const server = createFakeApi(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('generateIcMaterials (spec 02 §4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the memo of POST /ic-preparation/generate', async () => {
    const memo = makeIcMemo(DEAL);
    const server = serve({ 'POST /ic-preparation/generate': () => jsonResponse(200, memo) });
    await expect(generateIcMaterials(DEAL, 'Lumen Robotics')).resolves.toEqual({ kind: 'memo', memo });
    expect(server.callsTo('POST', '/ic-preparation/generate')[0]?.body).toEqual({
      deal_id: DEAL,
      company_name: 'Lumen Robotics',
    });
    expect(server.callsTo('POST', '/smolagent-ic-preparation/generate')).toHaveLength(0);
  });

  it('falls back to the agent generator when the error mentions not_configured', async () => {
    const server = serve({
      'POST /ic-preparation/generate': () =>
        jsonResponse(503, { detail: 'No language model: llm_not_configured', code: 'NOT_CONFIGURED' }),
      'POST /smolagent-ic-preparation/generate': () => jsonResponse(200, AGENT_PACKAGE),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen Robotics')).resolves.toEqual({
      kind: 'agent',
      icPackage: AGENT_PACKAGE,
    });
    expect(server.callsTo('POST', '/smolagent-ic-preparation/generate')[0]?.body).toEqual({
      deal_id: DEAL,
      company_name: 'Lumen Robotics',
      use_real_smolagent: true,
      use_proper_tools: true,
      use_parallel: true,
    });
  });

  it('falls back too when a 200 answer says status error, not_configured', async () => {
    serve({
      'POST /ic-preparation/generate': () =>
        jsonResponse(200, { status: 'error', error: 'groq not_configured' }),
      'POST /smolagent-ic-preparation/generate': () => jsonResponse(200, { ic_package: AGENT_PACKAGE }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).resolves.toEqual({
      kind: 'agent',
      icPackage: AGENT_PACKAGE,
    });
  });

  it('fails with "{status} {statusText}" for any other refusal, without the agent', async () => {
    const server = serve({
      'POST /ic-preparation/generate': () =>
        jsonResponse(500, { detail: 'Internal server error', code: 'INTERNAL_ERROR' }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).rejects.toThrow(
      'Failed to generate IC materials: 500 Internal Server Error',
    );
    expect(server.callsTo('POST', '/smolagent-ic-preparation/generate')).toHaveLength(0);
  });

  it('names the agent’s reason when the agent fails', async () => {
    serve({
      'POST /ic-preparation/generate': () => jsonResponse(503, { detail: 'not_configured' }),
      'POST /smolagent-ic-preparation/generate': () => jsonResponse(422, { detail: 'Deal has no company' }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).rejects.toThrow(
      'Failed to generate IC materials with the agent: Deal has no company',
    );
  });

  it('gives the agent two minutes, then says it timed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = serve({
      'POST /ic-preparation/generate': () => jsonResponse(503, { detail: 'not_configured' }),
      'POST /smolagent-ic-preparation/generate': hangUntilAborted,
    });
    const outcome = generateIcMaterials(DEAL, 'Lumen').catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(0);
    const agentCall = server.callsTo('POST', '/smolagent-ic-preparation/generate')[0];
    expect(agentCall).toBeDefined();
    expect(AGENT_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(agentCall?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(agentCall?.signal?.aborted).toBe(true);
    expect(((await outcome) as Error).message).toBe(
      'Request timed out after 2 minutes. The agent may still be processing.',
    );
  });
});

describe('exportIcMemoPdf', () => {
  beforeEach(() => {
    storeSession();
  });

  it('names the file from content-disposition, else ic_memo_{id}.pdf', async () => {
    const pdf = (headers: Record<string, string>) => () =>
      new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf', ...headers } });
    serve({
      'POST /ic-memos/m1/export-pdf': pdf({ 'Content-Disposition': 'attachment; filename="ic_memo_m1.pdf"' }),
      'POST /ic-memos/m2/export-pdf': pdf({}),
    });
    expect((await exportIcMemoPdf('m1')).filename).toBe('ic_memo_m1.pdf');
    expect((await exportIcMemoPdf('m2')).filename).toBe('ic_memo_m2.pdf');
  });

  it('fails with the spec’s text', async () => {
    serve({ 'POST /ic-memos/m1/export-pdf': () => jsonResponse(404, { detail: 'IC memo not found' }) });
    await expect(exportIcMemoPdf('m1')).rejects.toThrow('Failed to export PDF. Please try again.');
  });
});
