import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, storeSession } from '../../../test/fake-api.ts';
import { type FakeHandler, hangUntilAborted, jsonResponse } from '../../../test/fakes.ts';
import {
  agentPackageOf,
  fastGeneratorAnswer,
  makeIcMemo,
  notConfiguredAnswer,
} from '../testing/ic-memo-fixtures.ts';
import { AGENT_TIMEOUT_MS, downloadIcSlides, exportIcMemoPdf, generateIcMaterials } from './ic-memos-api.ts';

const DEAL = '0e000000-0000-4000-8000-000000000001';
const FAST = `/ic-memos/generate-groq/${DEAL}`;
const AGENT = '/smolagent-ic-preparation/generate';
/** A package from an agent that stored no memo (another service's shape). */
const FOREIGN_PACKAGE = {
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

describe('generateIcMaterials (spec 02 §4, §7)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the fast generator first and answers the memo it stored', async () => {
    const memo = makeIcMemo(DEAL);
    const server = serve({ [`POST ${FAST}`]: () => jsonResponse(200, fastGeneratorAnswer(memo)) });
    await expect(generateIcMaterials(DEAL, 'Lumen Robotics')).resolves.toEqual({
      kind: 'memo',
      memoId: memo.id,
    });
    const [call] = server.callsTo('POST', FAST);
    expect(new URL(call!.url).searchParams.get('use_groq')).toBe('true');
    expect(server.callsTo('POST', AGENT)).toHaveLength(0);
  });

  it('falls back to the agent generator on the server’s 503 not_configured, and opens the memo it stored', async () => {
    const memo = makeIcMemo(DEAL);
    const server = serve({
      [`POST ${FAST}`]: () => jsonResponse(503, notConfiguredAnswer(DEAL)),
      [`POST ${AGENT}`]: () => jsonResponse(200, agentPackageOf(memo)),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen Robotics')).resolves.toEqual({
      kind: 'memo',
      memoId: memo.id,
    });
    expect(server.callsTo('POST', AGENT)[0]?.body).toEqual({
      deal_id: DEAL,
      company_name: 'Lumen Robotics',
      use_real_smolagent: true,
      use_proper_tools: true,
      use_parallel: true,
    });
  });

  it('falls back too when a 200 answer says status error, not_configured', async () => {
    serve({
      [`POST ${FAST}`]: () =>
        jsonResponse(200, { ...notConfiguredAnswer(DEAL), detail: undefined, error: 'groq not_configured' }),
      [`POST ${AGENT}`]: () => jsonResponse(200, { ic_package: FOREIGN_PACKAGE }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).resolves.toEqual({
      kind: 'agent',
      icPackage: FOREIGN_PACKAGE,
    });
  });

  it('answers a package that names no stored memo as a package', async () => {
    serve({
      [`POST ${FAST}`]: () => jsonResponse(503, notConfiguredAnswer(DEAL)),
      [`POST ${AGENT}`]: () => jsonResponse(200, FOREIGN_PACKAGE),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).resolves.toEqual({
      kind: 'agent',
      icPackage: FOREIGN_PACKAGE,
    });
  });

  it('fails with "{status} {statusText}" for any other refusal, without the agent', async () => {
    const server = serve({
      [`POST ${FAST}`]: () => jsonResponse(500, { detail: 'Internal server error', code: 'INTERNAL_ERROR' }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).rejects.toThrow(
      'Failed to generate IC materials: 500 Internal Server Error',
    );
    expect(server.callsTo('POST', AGENT)).toHaveLength(0);
  });

  it('names the fast generator’s own error when it answers 200 with status error', async () => {
    const server = serve({
      [`POST ${FAST}`]: () =>
        jsonResponse(200, { status: 'error', error: 'model refused', deal_id: DEAL, memo: null }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).rejects.toThrow(
      'Failed to generate IC materials: model refused',
    );
    expect(server.callsTo('POST', AGENT)).toHaveLength(0);
  });

  it('names the agent’s reason when the agent fails', async () => {
    serve({
      [`POST ${FAST}`]: () => jsonResponse(503, notConfiguredAnswer(DEAL)),
      [`POST ${AGENT}`]: () => jsonResponse(422, { detail: 'Deal has no company' }),
    });
    await expect(generateIcMaterials(DEAL, 'Lumen')).rejects.toThrow(
      'Failed to generate IC materials with the agent: Deal has no company',
    );
  });

  it('gives the agent two minutes, then says it timed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = serve({
      [`POST ${FAST}`]: () => jsonResponse(503, notConfiguredAnswer(DEAL)),
      [`POST ${AGENT}`]: hangUntilAborted,
    });
    const outcome = generateIcMaterials(DEAL, 'Lumen').catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(0);
    const agentCall = server.callsTo('POST', AGENT)[0];
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

describe('downloads', () => {
  beforeEach(() => {
    storeSession();
  });

  const file = (type: string, headers: Record<string, string>) => () =>
    new Response('PK', { status: 200, headers: { 'Content-Type': type, ...headers } });

  it('names the PDF from content-disposition, else ic_memo_{id}.pdf', async () => {
    serve({
      'POST /ic-memos/m1/export-pdf': file('application/pdf', {
        'Content-Disposition': 'attachment; filename="ic_memo_m1.pdf"',
      }),
      'POST /ic-memos/m2/export-pdf': file('application/pdf', {}),
    });
    expect((await exportIcMemoPdf('m1')).filename).toBe('ic_memo_m1.pdf');
    expect((await exportIcMemoPdf('m2')).filename).toBe('ic_memo_m2.pdf');
  });

  it('fails the PDF with the spec’s text', async () => {
    serve({ 'POST /ic-memos/m1/export-pdf': () => jsonResponse(404, { detail: 'IC memo not found' }) });
    await expect(exportIcMemoPdf('m1')).rejects.toThrow('Failed to export PDF. Please try again.');
  });

  it('downloads the slides as .pptx, named from content-disposition, else ic_memo_{id}.pptx', async () => {
    const pptx = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    const server = serve({
      'GET /agents/ic-preparation/m1/presentation': (call) =>
        new URL(call.url).searchParams.get('format') === 'pptx'
          ? file(pptx, { 'Content-Disposition': 'attachment; filename=ic_memo_lumen_robotics_v2.pptx' })()
          : jsonResponse(200, { slides: [] }),
      'GET /agents/ic-preparation/m2/presentation': file(pptx, {}),
      'GET /agents/ic-preparation/m3/presentation': () => jsonResponse(404, { detail: 'IC memo not found' }),
    });
    const slides = await downloadIcSlides('m1');
    expect(slides.filename).toBe('ic_memo_lumen_robotics_v2.pptx');
    expect(slides.blob.type).toBe(pptx);
    expect(server.callsTo('GET', '/agents/ic-preparation/m1/presentation')[0]?.url).toMatch(/\?format=pptx$/);
    expect((await downloadIcSlides('m2')).filename).toBe('ic_memo_m2.pptx');
    await expect(downloadIcSlides('m3')).rejects.toThrow('Failed to download slides. Please try again.');
  });
});
