import { randomUUID } from 'node:crypto';
import type { TAuthResponse, TCompanyWithWatch, TDeal, TKeyMetric } from '@atempo/contracts';
import { type Database, documents, fundingAnnouncements, marketSignals } from '@atempo/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';

/**
 * An organisation for the research tests: companies and a deal through the API; analysed
 * documents, funding announcements and market signals written straight into their tables (the
 * pipelines that fill them are other modules', tested there).
 */

const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

export interface AnnouncementSeed {
  company_name: string;
  title: string;
  amount_eur: number | null;
  stage: string | null;
  region: string | null;
  country: string | null;
  sector: string | null;
  confidence: number;
  url: string;
  days_ago: number;
  company_id?: string | null;
}

export async function insertAnnouncement(
  db: Database,
  organizationId: string,
  seed: AnnouncementSeed,
): Promise<string> {
  const [row] = await db
    .insert(fundingAnnouncements)
    .values({
      organizationId,
      companyName: seed.company_name,
      companyId: seed.company_id ?? null,
      title: seed.title,
      summary: `${seed.title}. Reported by Sifted.`,
      amountRaised: seed.amount_eur,
      currency: seed.amount_eur === null ? null : 'EUR',
      amountEur: seed.amount_eur,
      stage: seed.stage,
      investors: ['Index Ventures'],
      region: seed.region,
      country: seed.country,
      sector: seed.sector,
      announcedAt: daysAgo(seed.days_ago),
      confidenceScore: seed.confidence,
      sourceName: 'Sifted',
      sourceUrl: seed.url,
      sources: [{ name: 'Sifted', url: seed.url, published_at: null }],
      dedupKey: `${seed.company_name.toLowerCase()}|${seed.stage ?? ''}|${randomUUID()}`,
    })
    .returning({ id: fundingAnnouncements.id });
  return row!.id;
}

export async function insertSignal(
  db: Database,
  organizationId: string,
  seed: { company_name: string; company_id: string | null; title: string; announcement_id?: string | null },
): Promise<string> {
  const [row] = await db
    .insert(marketSignals)
    .values({
      organizationId,
      signalType: 'funding_round',
      companyName: seed.company_name,
      companyId: seed.company_id,
      announcementId: seed.announcement_id ?? null,
      title: seed.title,
      description: `${seed.title}: a moment to offer a facility.`,
      relevanceScore: 0.8,
      impactLevel: 'high',
      recommendedActions: ['Offer a facility'],
      dedupKey: randomUUID(),
    })
    .returning({ id: marketSignals.id });
  return row!.id;
}

/** An analysed document with key metrics as the pipeline stores them (value, unit, source page). */
export async function insertAnalysedDocument(
  db: Database,
  organizationId: string,
  seed: {
    deal_id: string | null;
    company_id: string | null;
    name: string;
    summary: string;
    /** The analyst's key metrics; a board pack's NRR and CAC payback when not given. */
    key_metrics?: Record<string, TKeyMetric>;
  },
): Promise<string> {
  const id = randomUUID();
  await db.insert(documents).values({
    id,
    organizationId,
    dealId: seed.deal_id,
    companyId: seed.company_id,
    name: seed.name,
    size: 2048,
    format: 'pdf',
    sha256: randomUUID().replaceAll('-', ''),
    status: 'completed',
    documentType: 'board_report',
    processedAt: new Date(),
    analysis: {
      document_type: 'board_report',
      confidence_score: 0.8,
      content_summary: seed.summary,
      key_metrics: seed.key_metrics ?? {
        net_revenue_retention: {
          value: 1.18,
          unit: 'fraction',
          currency: null,
          period: null,
          source: { kind: 'page', page: 2, label: 'page 2', excerpt: 'Net revenue retention 118%' },
        },
        cac_payback_months: {
          value: 16,
          unit: 'months',
          currency: null,
          period: null,
          source: { kind: 'page', page: 4, label: 'page 4', excerpt: 'CAC payback 16 months' },
        },
      },
      risk_flags: ['Two customers make up 31% of ARR.'],
      risk_flag_details: [],
      action_items: [],
      facility_terms: null,
      suggested_folder: 'Board reports',
      notices: [],
      page_count: 4,
    },
  });
  return id;
}

export interface ResearchOrganisation {
  auth: TAuthResponse;
  token: string;
  organizationId: string;
  acme: TCompanyWithWatch;
  acmeDeal: TDeal;
  boardPackId: string;
  /** Other companies with gross margins 0.5, 0.6, 0.7, 0.8 (the portfolio of the benchmark tests). */
  peers: TCompanyWithWatch[];
  confidentRoundId: string;
  rumourId: string;
}

/** Acme Ltd (UK B2B SaaS, no stage or last round recorded) with a deal, a board pack, rounds and peers. */
export async function seedResearchOrganisation(
  app: FastifyInstance,
  db: Database,
): Promise<ResearchOrganisation> {
  const auth = await registerOrganization(app);
  const token = auth.access_token;
  const organizationId = auth.organization.id;
  const acme = await createCompany(app, token, {
    name: 'Acme Ltd',
    industry: 'B2B SaaS',
    headquarters_country: 'United Kingdom',
    description: 'Compliance software for mid-sized banks.',
    revenue: 7_900_000,
    revenue_growth: 0.6,
    financial_metrics: { arr: 8_400_000, gross_margin: 0.74, monthly_burn: 350_000, cash: 6_300_000 },
  });
  const acmeDeal = await createDeal(app, token, {
    company_id: acme.id,
    amount_requested: 5_000_000,
    stage: 'due_diligence',
    deal_type: 'venture_debt',
  });
  const peers: TCompanyWithWatch[] = [];
  for (const [index, margin] of [0.5, 0.6, 0.7, 0.8].entries()) {
    peers.push(
      await createCompany(app, token, {
        name: `Peer ${index + 1} Ltd`,
        industry: 'B2B SaaS',
        headquarters_country: 'Germany',
        stage: 'Series B',
        revenue: 5_000_000 * (index + 1),
        financial_metrics: { gross_margin: margin },
      }),
    );
  }
  const boardPackId = await insertAnalysedDocument(db, organizationId, {
    deal_id: acmeDeal.id,
    company_id: null,
    name: 'Acme board pack Q3.pdf',
    summary: 'Acme board pack: ARR growth and retention for the quarter.',
  });
  const confidentRoundId = await insertAnnouncement(db, organizationId, {
    company_name: 'Acme Ltd',
    title: 'Acme Ltd raises €20M Series B',
    amount_eur: 20_000_000,
    stage: 'Series B',
    region: 'UK',
    country: 'United Kingdom',
    sector: 'B2B SaaS',
    confidence: 0.9,
    url: 'https://news.example/acme-series-b',
    days_ago: 10,
  });
  // Newer but unsure: research must not write its figures onto the company.
  const rumourId = await insertAnnouncement(db, organizationId, {
    company_name: 'Acme Ltd',
    title: 'Acme Ltd said to be raising €50M Series C',
    amount_eur: 50_000_000,
    stage: 'Series C',
    region: 'UK',
    country: 'United Kingdom',
    sector: 'B2B SaaS',
    confidence: 0.4,
    url: 'https://rumours.example/acme-c',
    days_ago: 2,
  });
  await insertSignal(db, organizationId, {
    company_name: 'Acme Ltd',
    company_id: acme.id,
    title: 'Acme Ltd raised a Series B',
    announcement_id: confidentRoundId,
  });
  return { auth, token, organizationId, acme, acmeDeal, boardPackId, peers, confidentRoundId, rumourId };
}

/** Polls an execution's status until it is completed or failed. */
export async function settledStatus(
  app: FastifyInstance,
  token: string,
  executionId: string,
  timeoutMs = 60_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(app, 'GET', `/api/v1/agents/workflows/${executionId}/status`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (response.body.status === 'completed' || response.body.status === 'failed') return response.body;
    if (Date.now() > deadline) throw new Error(`Execution ${executionId} still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
