import type {
  TAuthResponse,
  TCompanyWithWatch,
  TMarketSignalDetail,
  TSignalListResponse,
} from '@atempo/contracts';
import { makePdf } from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany } from '../deals/pipeline.fixtures.ts';
import { processed, uploadAccepted } from '../documents/documents.fixtures.ts';
import { deriveAndStoreSignals } from './signal-scan.ts';
import { insertRound, scanNow } from './signals.fixtures.ts';

/**
 * Signals from documents: board packs and term sheets go through the real upload, extraction,
 * analysis and knowledge index, and the scan reads what that stored. Relevance against the default
 * thesis, worked out by hand: 0.35·sector + 0.3·geography + 0.2·stage + 0.15·size (each /10).
 */
let server: TestServer;
let admin: TAuthResponse;
let other: TAuthResponse;
const companies: Record<string, TCompanyWithWatch> = {};
const documents: Record<string, string> = {};

const BOARD_PACK = [
  'Board meeting – quarterly update, Q1 2026\nAgenda: KPIs, cash, hiring, decisions required from the board.',
  'KPIs\nRevenue growth of 85% year over year\nMonthly churn 4.5%\nCash balance: €6.1M at 31 March 2026',
  'Strategy\nThe board approved preparations for an IPO on Euronext Paris in 2027.',
  'Competition\nOur main competitors are Coinvault and Qonto; Coinvault competes with us on SME payments.',
  'Partnerships\nWe integrate with Lendwise for invoice data.',
];

async function uploadFor(token: string, companyId: string, pages: string[], filename: string) {
  const accepted = await uploadAccepted(server.app, token, await makePdf(pages), {
    filename,
    fields: { company_id: companyId },
  });
  const document = await processed(server.app, token, accepted.document_id);
  expect(document.status, document.error ?? '').toBe('completed');
  return document;
}

const get = <T>(url: string, token = admin.access_token) =>
  call<T>(server.app, 'GET', `/api/v1${url}`, { token });

async function signalsByTitle(token = admin.access_token): Promise<Map<string, TMarketSignalDetail>> {
  const list = await get<TSignalListResponse>('/signals/?limit=200', token);
  const details = await Promise.all(
    list.body.signals.map((s) => get<TMarketSignalDetail>(`/signals/${s.signal_id}`, token)),
  );
  return new Map(details.map((detail) => [`${detail.body.signal_type}|${detail.body.title}`, detail.body]));
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerOrganization(server.app);
  other = await registerOrganization(server.app);
  const token = admin.access_token;
  for (const [key, body] of [
    [
      'ledgerly',
      { name: 'Ledgerly', industry: 'Fintech', headquarters_country: 'France', stage: 'Series A' },
    ],
    ['termco', { name: 'Termco', industry: 'Fintech', headquarters_country: 'Germany' }],
    ['playloop', { name: 'Playloop', industry: 'Gaming', headquarters_country: 'France' }],
  ] as const) {
    companies[key] = await createCompany(server.app, token, body);
    const watched = await call(server.app, 'POST', '/api/v1/signals/watchlist/add', {
      token,
      body: { company_id: companies[key]!.id },
    });
    expect(watched.status).toBe(201);
  }
  documents.board = (await uploadFor(token, companies.ledgerly!.id, BOARD_PACK, 'board-pack-q1.pdf')).id;
  // A contract names an IPO as a repayment event, not as a plan.
  documents.terms = (
    await uploadFor(
      token,
      companies.termco!.id,
      [
        'Indicative Term Sheet\nBorrower: Termco GmbH\nFacility amount: €5,000,000\nTenor: 36 months',
        'Mandatory prepayment\nThe facility shall be repaid in full upon an IPO or a change of control.',
      ],
      'term-sheet.pdf',
    )
  ).id;
  // Strong growth outside the thesis sectors is no opportunity for this lender.
  documents.games = (
    await uploadFor(
      token,
      companies.playloop!.id,
      ['Board meeting – monthly update\nKPIs\nRevenue growth of 140% year over year'],
      'playloop-board-update.pdf',
    )
  ).id;
  // Another organisation watching a company of the same name, with the same board pack.
  const theirs = await createCompany(server.app, other.access_token, {
    name: 'Ledgerly',
    industry: 'Fintech',
  });
  const theirsWatched = await call(server.app, 'POST', '/api/v1/signals/watchlist/add', {
    token: other.access_token,
    body: { company_id: theirs.id },
  });
  expect(theirsWatched.status).toBe(201);
  documents.theirs = (await uploadFor(other.access_token, theirs.id, BOARD_PACK, 'board-pack-q1.pdf')).id;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('a full scan over documents', () => {
  let signals: Map<string, TMarketSignalDetail>;

  beforeAll(async () => {
    const result = await scanNow(server.app, admin.access_token);
    expect(result).toMatchObject({ rounds: 0, documents: 3 });
    signals = await signalsByTitle();
  }, 90_000);

  it('derives exactly the document signals: listing plans and strong growth in a thesis sector', () => {
    expect([...signals.keys()].sort()).toEqual([
      "ipo_signal|Ledgerly's documents mention listing plans",
      'market_opportunity|Ledgerly reports revenue growth of 85% in Fintech',
    ]);
  });

  it('ipo_signal: listing plans in a board pack, citing the document and its page', () => {
    const ipo = signals.get("ipo_signal|Ledgerly's documents mention listing plans")!;
    // Fintech 0.315 + France 0.255 + Series A 0.2 + size not in the data 3 · 0.15 = 0.815
    expect(ipo).toMatchObject({
      company_name: 'Ledgerly',
      company_id: companies.ledgerly!.id,
      announcement_id: null,
      impact_level: 'high',
      relevance_score: 0.82,
      description:
        'board-pack-q1.pdf (page 3): "Strategy The board approved preparations for an IPO on Euronext Paris in 2027."',
    });
    expect(ipo.data).toMatchObject({
      rule: 'ipo_signal',
      reason: 'a document of the company mentions listing plans ("IPO")',
      document: {
        document_id: documents.board,
        name: 'board-pack-q1.pdf',
        document_type: 'board_report',
        location: { kind: 'page', page: 3, label: 'page 3' },
        excerpt: 'Strategy The board approved preparations for an IPO on Euronext Paris in 2027.',
      },
    });
  });

  it('market_opportunity: revenue growth read from the document, with its page and the risks it flags', () => {
    const growth = signals.get('market_opportunity|Ledgerly reports revenue growth of 85% in Fintech')!;
    expect(growth).toMatchObject({
      company_id: companies.ledgerly!.id,
      announcement_id: null,
      impact_level: 'medium',
      relevance_score: 0.82,
      description:
        'board-pack-q1.pdf (page 2) reports revenue growth of 85%: "Revenue growth of 85% year over year". Ledgerly is in Fintech (thesis weight 0.9). The document also flags: Monthly churn of 4.5% is high (above 3%).',
      recommended_actions: [
        'Propose a growth facility to Ledgerly, sized on its revenue and runway',
        "Confirm the growth of 85% against Ledgerly's monthly management accounts",
      ],
    });
    expect(growth.data).toMatchObject({
      rule: 'market_opportunity',
      document: { document_id: documents.board, location: { page: 2, label: 'page 2' } },
      metric: { name: 'revenue_growth', value: 0.85, period: null },
      sector: { key: 'fintech', name: 'Fintech', weight: 0.9 },
    });
  });

  it("reads only the organisation's own documents", async () => {
    const citedBy = (found: Map<string, TMarketSignalDetail>) =>
      [...found.values()].map((signal) => (signal.data.document as { document_id: string }).document_id);
    expect(citedBy(signals)).toEqual([documents.board, documents.board]);
    await scanNow(server.app, other.access_token);
    const theirs = await signalsByTitle(other.access_token);
    // Their scan finds the same things in their own copy of the board pack, and cites that copy.
    expect([...theirs.keys()].sort()).toEqual([
      "ipo_signal|Ledgerly's documents mention listing plans",
      'market_opportunity|Ledgerly reports revenue growth of 85% in Fintech',
    ]);
    expect(citedBy(theirs)).toEqual([documents.theirs, documents.theirs]);
    expect(documents.theirs).not.toBe(documents.board);
  }, 60_000);
});

describe('a scan after an ingest', () => {
  it('names a competitor that just raised from our company’s board pack, not from a mere mention', async () => {
    const orgId = admin.organization.id;
    const db = server.database.db;
    // Neither shares Ledgerly's market (France): only the board pack ties them to it.
    const coinvault = await insertRound(db, orgId, {
      companyName: 'Coinvault',
      sector: 'Ecommerce',
      country: 'Spain',
      stage: 'Series A',
      amountEur: 16_000_000,
      daysAgo: 1,
    });
    const lendwise = await insertRound(db, orgId, {
      companyName: 'Lendwise',
      sector: 'Ecommerce',
      country: 'Spain',
      stage: 'Seed',
      amountEur: 3_000_000,
      daysAgo: 1,
    });
    const result = await deriveAndStoreSignals(db, orgId, { announcementIds: [coinvault, lendwise] });
    // Two funding rounds and one threat; the standing document signals are a full scan's.
    expect(result).toMatchObject({ signals: 3, inserted: 3 });
    const signals = await signalsByTitle();
    const threat = signals.get('competitive_threat|Coinvault raised €16M: a competitor of Ledgerly')!;
    expect(threat).toMatchObject({
      company_id: companies.ledgerly!.id,
      announcement_id: coinvault,
      // A round under €20M is medium; named by our company's own documents, one level higher.
      impact_level: 'high',
    });
    expect(threat.description).toBe(
      `Coinvault (Ecommerce, Spain) raised €16M in a Series A round, named as a competitor in Ledgerly's board-pack-q1.pdf (page 4). Source: Test Wire, ${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}.`,
    );
    expect(threat.data).toMatchObject({
      reason:
        'named as a competitor in board-pack-q1.pdf (page 4); a round under €20M, one level higher for a competitor our company names.',
      documents: [
        {
          document_id: documents.board,
          location: { kind: 'page', page: 4, label: 'page 4' },
          excerpt:
            'Competition Our main competitors are Coinvault and Qonto; Coinvault competes with us on SME payments.',
        },
      ],
    });
    // Lendwise is named as a partner, not a competitor.
    expect([...signals.keys()].filter((key) => key.includes('Lendwise'))).toEqual([
      'funding_round|Lendwise raised €3M in a Seed round',
    ]);
  }, 60_000);
});
