import type {
  TAuthResponse,
  TCompanyWithWatch,
  TCreateCompanyRequest,
  TDeal,
  TDealStage,
  TDocument,
  TFinancialMetrics,
  TKeyMetric,
  TKeyMetricName,
  TRedFlag,
  TRedFlagLevel,
} from '@atempo/contracts';
import { makePdf } from '@atempo/documents/testing';
import type { FastifyInstance } from 'fastify';
import { call } from '../../test/server.ts';
import { multipartBody, processed } from '../documents/documents.fixtures.ts';

/**
 * The organisation the assistant is tested against: 13 companies across sectors and countries, 14
 * deals in every stage, scored by the real engine (so red flags exist, critical ones in due
 * diligence), three documents uploaded and analysed by the real pipeline (their key metrics with
 * page sources), and emails and notes, some older than 60 days. Everything is created through the
 * API, as a user would. The answer holds the ids and every figure a question may be asked about,
 * computed here from the seed table (not read back through the code under test), so tests state
 * exact expected figures.
 */

const DAY_MS = 86_400_000;

type CompanySeed = Required<
  Pick<TCreateCompanyRequest, 'name' | 'industry' | 'headquarters_country' | 'stage'>
> & {
  description: string;
  revenue: number;
  revenue_growth: number;
  employee_count: number;
  financial_metrics: TFinancialMetrics;
};

export const ASSISTANT_COMPANIES = {
  acme: {
    name: 'Acme Ltd',
    industry: 'B2B SaaS',
    headquarters_country: 'United Kingdom',
    stage: 'Series B',
    description: 'Compliance software for mid-sized banks and insurers.',
    revenue: 7_900_000,
    revenue_growth: 0.6,
    employee_count: 95,
    financial_metrics: {
      arr: 8_400_000,
      gross_margin: 0.74,
      monthly_burn: 350_000,
      cash: 6_300_000,
      net_revenue_retention: 1.18,
      cac_payback_months: 16,
      monthly_churn: 0.008,
      last_round_amount: 20_000_000,
    },
  },
  beta: {
    name: 'Beta Payments GmbH',
    industry: 'Fintech',
    headquarters_country: 'Germany',
    stage: 'Series A',
    description: 'Card acquiring for online merchants in Germany and Austria.',
    revenue: 4_150_000,
    revenue_growth: 0.45,
    employee_count: 48,
    financial_metrics: {
      arr: 4_400_000,
      gross_margin: 0.52,
      monthly_burn: 420_000,
      cash: 2_100_000,
      last_round_amount: 12_000_000,
    },
  },
  cafe: {
    name: 'Café Santé SAS',
    industry: 'Healthtech',
    headquarters_country: 'France',
    stage: 'Series A',
    description: 'Remote monitoring for patients with chronic heart failure.',
    revenue: 3_200_000,
    revenue_growth: 0.8,
    employee_count: 41,
    financial_metrics: {
      arr: 3_000_000,
      gross_margin: 0.68,
      monthly_burn: 250_000,
      cash: 4_500_000,
      last_round_amount: 9_000_000,
    },
  },
  nordlys: {
    name: 'Nordlys Energy AB',
    industry: 'Climate Tech',
    headquarters_country: 'Sweden',
    stage: 'Series B',
    description: 'Energy management software for commercial buildings.',
    revenue: 6_000_000,
    revenue_growth: 0.35,
    employee_count: 70,
    financial_metrics: {
      gross_margin: 0.45,
      monthly_burn: 200_000,
      cash: 9_000_000,
      last_round_amount: 25_000_000,
    },
  },
  nordlysSolar: {
    name: 'Nordlys Solar Oy',
    industry: 'Climate Tech',
    headquarters_country: 'Finland',
    stage: 'Seed',
    description: 'Solar panel cleaning robots for utility-scale parks.',
    revenue: 900_000,
    revenue_growth: 1.2,
    employee_count: 14,
    financial_metrics: { gross_margin: 0.4, monthly_burn: 150_000, cash: 1_500_000 },
  },
  tulip: {
    name: 'Tulip Logistics BV',
    industry: 'Marketplaces',
    headquarters_country: 'Netherlands',
    stage: 'Series A',
    description: 'A freight marketplace matching shippers with regional carriers.',
    revenue: 5_500_000,
    revenue_growth: 0.5,
    employee_count: 52,
    financial_metrics: {
      gross_margin: 0.42,
      monthly_burn: 300_000,
      cash: 3_600_000,
      last_round_amount: 10_000_000,
    },
  },
  kraken: {
    name: 'Kraken Security Ltd',
    industry: 'B2B SaaS',
    headquarters_country: 'United Kingdom',
    stage: 'Series C',
    description: 'Security monitoring for cloud infrastructure.',
    revenue: 20_000_000,
    revenue_growth: 0.4,
    employee_count: 160,
    financial_metrics: {
      arr: 22_000_000,
      gross_margin: 0.81,
      monthly_burn: -100_000,
      cash: 18_000_000,
      net_revenue_retention: 1.25,
      last_round_amount: 40_000_000,
    },
  },
  helix: {
    name: 'Helix Diagnostics GmbH',
    industry: 'Healthtech',
    headquarters_country: 'Germany',
    stage: 'Series B',
    description: 'Rapid sepsis diagnostics for hospitals.',
    revenue: 4_800_000,
    revenue_growth: 0.7,
    employee_count: 64,
    financial_metrics: {
      arr: 5_100_000,
      gross_margin: 0.61,
      monthly_burn: 300_000,
      cash: 1_200_000,
      last_round_amount: 15_000_000,
    },
  },
  fjord: {
    name: 'Fjord Analytics AS',
    industry: 'B2B SaaS',
    headquarters_country: 'Norway',
    stage: 'Series B',
    description: 'Analytics for salmon farms and fisheries.',
    revenue: 10_200_000,
    revenue_growth: 0.55,
    employee_count: 88,
    financial_metrics: {
      arr: 11_000_000,
      gross_margin: 0.79,
      monthly_burn: 280_000,
      cash: 14_000_000,
      last_round_amount: 30_000_000,
    },
  },
  lumiere: {
    name: 'Lumière Pay SAS',
    industry: 'Fintech',
    headquarters_country: 'France',
    stage: 'Series B',
    description: 'Embedded payments for French retailers.',
    revenue: 9_000_000,
    revenue_growth: 0.9,
    employee_count: 77,
    financial_metrics: {
      gross_margin: 0.58,
      monthly_burn: 500_000,
      cash: 11_000_000,
      last_round_amount: 22_000_000,
    },
  },
  orbit: {
    name: 'Orbit Freight BV',
    industry: 'Marketplaces',
    headquarters_country: 'Netherlands',
    stage: 'Series A',
    description: 'Last-mile delivery marketplace for groceries.',
    revenue: 2_400_000,
    revenue_growth: -0.1,
    employee_count: 33,
    financial_metrics: { gross_margin: 0.3, monthly_burn: 380_000, cash: 2_000_000 },
  },
  atlas: {
    name: 'Atlas Robotics GmbH',
    industry: 'Deeptech',
    headquarters_country: 'Germany',
    stage: 'Series C',
    description: 'Warehouse picking robots for logistics operators.',
    revenue: 14_000_000,
    revenue_growth: 0.3,
    employee_count: 140,
    financial_metrics: {
      gross_margin: 0.52,
      monthly_burn: 600_000,
      cash: 20_000_000,
      last_round_amount: 45_000_000,
    },
  },
  meridian: {
    name: 'Meridian Health Ltd',
    industry: 'Healthtech',
    headquarters_country: 'United Kingdom',
    stage: 'Series A',
    description: 'Scheduling software for community clinics.',
    revenue: 1_800_000,
    revenue_growth: 0.25,
    employee_count: 26,
    financial_metrics: { gross_margin: 0.6, monthly_burn: 220_000, cash: 3_000_000 },
  },
} as const satisfies Record<string, CompanySeed>;
export type AssistantCompanyKey = keyof typeof ASSISTANT_COMPANIES;

interface DealSeed {
  company: AssistantCompanyKey;
  stage: TDealStage;
  amount: number;
  /** The deal's geography when it is not the company's country. */
  geography?: string;
  /** Days since the last interaction recorded on the deal (the stale-relationship flag reads it). */
  lastInteractionDaysAgo?: number;
}

/** 14 deals, every stage; amounts in EUR. Deal numbers follow this order (1–14). */
export const ASSISTANT_DEALS = {
  acme: { company: 'acme', stage: 'due_diligence', amount: 5_000_000, lastInteractionDaysAgo: 5 },
  beta: { company: 'beta', stage: 'due_diligence', amount: 3_000_000, lastInteractionDaysAgo: 75 },
  helix: { company: 'helix', stage: 'due_diligence', amount: 8_000_000, lastInteractionDaysAgo: 20 },
  cafe: { company: 'cafe', stage: 'ic_review', amount: 4_000_000 },
  nordlys: { company: 'nordlys', stage: 'term_sheet', amount: 6_000_000, geography: 'Nordics' },
  nordlysSolar: { company: 'nordlysSolar', stage: 'lead', amount: 2_000_000, geography: 'Nordics' },
  tulip: { company: 'tulip', stage: 'lead', amount: 2_500_000 },
  kraken: { company: 'kraken', stage: 'qualified', amount: 7_000_000, lastInteractionDaysAgo: 100 },
  fjord: { company: 'fjord', stage: 'closed', amount: 10_000_000, geography: 'Nordics' },
  lumiere: { company: 'lumiere', stage: 'closed', amount: 4_500_000 },
  orbit: { company: 'orbit', stage: 'rejected', amount: 3_500_000, lastInteractionDaysAgo: 200 },
  atlas: { company: 'atlas', stage: 'legal_docs', amount: 12_000_000 },
  meridian: { company: 'meridian', stage: 'rejected', amount: 2_000_000 },
  meridianFollowOn: { company: 'meridian', stage: 'qualified', amount: 1_500_000 },
} as const satisfies Record<string, DealSeed>;
export type AssistantDealKey = keyof typeof ASSISTANT_DEALS;

/** The analysed documents: generated files the real pipeline reads, and what it must find in them. */
export const ASSISTANT_DOCUMENTS = {
  acmeBoardPack: {
    deal: 'acme',
    name: 'Acme board pack Q3 2025.pdf',
    pages: [
      'Acme Ltd\nBoard pack, Q3 2025\nAcme builds compliance software for mid-sized banks and insurers.',
      'Traction\nARR of €8.4M as of Q3 2025\n212 paying customers\nNet revenue retention 118%\nGross margin 74%',
      'Financials\nMonthly net burn: €350k\nCash in bank: €6.3M (September 2025)\nRunway: 18 months',
      'Risks\nThe top two customers make up 31% of ARR.\nCAC payback 16 months',
    ],
    documentType: 'board_report',
    keyMetrics: {
      arr: { value: 8_400_000, label: 'page 2', excerpt: 'ARR of €8.4M as of Q3 2025' },
      customers: { value: 212, label: 'page 2', excerpt: '212 paying customers' },
      net_revenue_retention: { value: 1.18, label: 'page 2', excerpt: 'Net revenue retention 118%' },
      gross_margin: { value: 0.74, label: 'page 2', excerpt: 'Gross margin 74%' },
      net_burn: { value: 350_000, label: 'page 3', excerpt: 'Monthly net burn: €350k' },
      cash: { value: 6_300_000, label: 'page 3', excerpt: 'Cash in bank: €6.3M (September 2025)' },
      runway_months: { value: 18, label: 'page 3', excerpt: 'Runway: 18 months' },
      cac_payback_months: { value: 16, label: 'page 4', excerpt: 'CAC payback 16 months' },
    },
    riskFlagCount: 1,
  },
  betaAccounts: {
    deal: 'beta',
    name: 'Beta Payments annual accounts 2024.pdf',
    pages: [
      'Beta Payments GmbH\nAnnual financial statements 2024\nThe company runs card acquiring for online merchants in Germany and Austria.',
      [
        'CONSOLIDATED INCOME STATEMENT',
        '(EUR in thousands)',
        '\tFY2024\tFY2023',
        'Revenue\t4,150\t2,830',
        'Cost of sales\t(1,990)\t(1,410)',
        'EBITDA\t(3,420)\t(2,950)',
        'Net income (loss)\t(3,880)\t(3,310)',
      ].join('\n'),
      [
        'CONSOLIDATED BALANCE SHEET',
        '(EUR in thousands)',
        'As of December 31,\t2024\t2023',
        'Cash and cash equivalents\t2,100\t4,800',
        'Bank loans\t1,500\t1,000',
      ].join('\n'),
    ],
    documentType: 'financial_statements',
    keyMetrics: {
      revenue: { value: 4_150_000, label: 'page 2', excerpt: 'Revenue 4,150 2,830' },
      ebitda: { value: -3_420_000, label: 'page 2', excerpt: 'EBITDA (3,420) (2,950)' },
      net_income: { value: -3_880_000, label: 'page 2', excerpt: 'Net income (loss) (3,880) (3,310)' },
      cash: { value: 2_100_000, label: 'page 3', excerpt: 'Cash and cash equivalents 2,100 4,800' },
      total_debt: { value: 1_500_000, label: 'page 3', excerpt: 'Bank loans 1,500 1,000' },
    },
    riskFlagCount: 2,
  },
  helixDeck: {
    deal: 'helix',
    name: 'Helix Diagnostics investor deck.pdf',
    pages: [
      'Helix Diagnostics\nInvestor presentation, June 2025',
      'The problem\nHospitals wait days for sepsis test results.',
      'Traction\nARR of €5.1M as of Q2 2025\n38 hospital customers\nGross margin 61%',
      'Team\n64 employees in Berlin and Leipzig',
      'Financials\nMonthly net burn: €300k\nCash in bank: €1.2M (May 2025)\nRunway: 4 months',
      'The ask\nWe are raising €8M of venture debt alongside a €15M Series B.',
    ],
    documentType: 'pitch_deck',
    keyMetrics: {
      arr: { value: 5_100_000, label: 'slide 3', excerpt: 'ARR of €5.1M as of Q2 2025' },
      gross_margin: { value: 0.61, label: 'slide 3', excerpt: 'Gross margin 61%' },
      headcount: { value: 64, label: 'slide 4', excerpt: '64 employees in Berlin and Leipzig' },
      net_burn: { value: 300_000, label: 'slide 5', excerpt: 'Monthly net burn: €300k' },
      cash: { value: 1_200_000, label: 'slide 5', excerpt: 'Cash in bank: €1.2M (May 2025)' },
      runway_months: { value: 4, label: 'slide 5', excerpt: 'Runway: 4 months' },
    },
    riskFlagCount: 1,
  },
} as const satisfies Record<
  string,
  {
    deal: AssistantDealKey;
    name: string;
    pages: readonly string[];
    documentType: string;
    keyMetrics: Partial<Record<TKeyMetricName, { value: number; label: string; excerpt: string }>>;
    riskFlagCount: number;
  }
>;
export type AssistantDocumentKey = keyof typeof ASSISTANT_DOCUMENTS;

/** Emails (dated in the past) and notes (written at seeding) about companies. */
export const ASSISTANT_INTERACTIONS = [
  {
    kind: 'email',
    company: 'acme',
    daysAgo: 5,
    subject: 'Acme Ltd: Q3 management accounts',
    body: 'Please find attached the Q3 management accounts. ARR closed the quarter at €8.4M.',
  },
  {
    kind: 'email',
    company: 'beta',
    daysAgo: 75,
    subject: 'Beta Payments: covenant reset request',
    body: 'Beta Payments asked whether the minimum cash covenant could be reset before the next drawdown.',
  },
  {
    kind: 'email',
    company: 'helix',
    daysAgo: 20,
    subject: 'Helix Diagnostics bridge round',
    body: 'Helix Diagnostics is raising a bridge from existing investors to extend its runway.',
  },
  {
    kind: 'email',
    company: 'kraken',
    daysAgo: 90,
    subject: 'Kraken Security renewal of the data room',
    body: 'Kraken Security Ltd renewed access to the data room for the lenders.',
  },
  {
    kind: 'email',
    company: 'tulip',
    daysAgo: 130,
    subject: 'Tulip Logistics introduction',
    body: 'An introduction to the founders of Tulip Logistics BV, a freight marketplace in Rotterdam.',
  },
  {
    kind: 'note',
    company: 'acme',
    daysAgo: 0,
    subject: 'Call with the Acme CFO',
    body: 'The CFO expects net burn to fall to €300k a month after the hiring freeze.',
  },
  {
    kind: 'note',
    company: 'fjord',
    daysAgo: 0,
    subject: 'Fjord Analytics portfolio review',
    body: 'Fjord Analytics drew the second tranche; reporting is on time.',
  },
] as const satisfies readonly {
  kind: 'email' | 'note';
  company: AssistantCompanyKey;
  daysAgo: number;
  subject: string;
  body: string;
}[];

export interface SeededCompany {
  id: string;
  name: string;
  industry: string;
  country: string;
  /** The metrics the company record holds (its columns merged over financial_metrics). */
  metrics: TFinancialMetrics;
  /** The latest email or note about it; null when there is none. */
  lastInteraction: string | null;
}

export interface SeededDeal {
  id: string;
  dealNumber: number;
  company: AssistantCompanyKey;
  companyId: string;
  companyName: string;
  stage: TDealStage;
  amount: number;
  sector: string;
  geography: string;
  /** As the scoring engine left them at creation. */
  thematicScore: number | null;
  redFlagLevel: TRedFlagLevel | null;
  redFlags: TRedFlag[];
  suggestedFacility: { min: number | null; max: number | null } | null;
  metrics: TFinancialMetrics;
}

export interface SeededDocument {
  id: string;
  name: string;
  dealId: string;
  companyId: string;
  documentType: string;
  /** The key metrics as the pipeline stored them, with their sources. */
  keyMetrics: Partial<Record<TKeyMetricName, TKeyMetric>>;
  riskFlags: string[];
}

interface Group {
  count: number;
  total: number;
}

export interface AssistantOrganisation {
  admin: TAuthResponse;
  token: string;
  organizationId: string;
  userId: string;
  /** When the seeding ran; interaction dates are relative to it. */
  seededAt: Date;
  companies: Record<AssistantCompanyKey, SeededCompany>;
  deals: Record<AssistantDealKey, SeededDeal>;
  documents: Record<AssistantDocumentKey, SeededDocument>;
  interactions: { id: string; kind: 'email' | 'note'; company: AssistantCompanyKey; occurredAt: string }[];
  /** Portfolio figures computed from the seed table. */
  portfolio: {
    count: number;
    totalAmount: number;
    /** Open pipeline: deals neither closed nor rejected. */
    pipelineValue: number;
    conversion: { closed: number; rejected: number; rate: number };
    byStage: Partial<Record<TDealStage, Group>>;
    bySector: Record<string, Group>;
    byGeography: Record<string, Group>;
  };
}

async function send<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body: unknown,
  expected: number,
): Promise<T> {
  const response = await call<T>(app, method, url, { token, body });
  if (response.status !== expected) {
    throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

function grouped(deals: SeededDeal[], key: (deal: SeededDeal) => string): Record<string, Group> {
  const groups: Record<string, Group> = {};
  for (const deal of deals) {
    const group = groups[key(deal)] ?? { count: 0, total: 0 };
    groups[key(deal)] = { count: group.count + 1, total: group.total + deal.amount };
  }
  return groups;
}

/** A note is dated by the server when written: read its time back from the company's interactions. */
async function noteTime(
  app: FastifyInstance,
  token: string,
  companyId: string,
  noteId: string,
): Promise<string> {
  const { interactions } = await send<{ interactions: { id: string; occurred_at: string }[] }>(
    app,
    'GET',
    `/api/v1/knowledge/company/${companyId}/interactions?type=note`,
    token,
    undefined,
    200,
  );
  const note = interactions.find((item) => item.id === noteId);
  if (!note) throw new Error(`Note ${noteId} is not among the company's interactions`);
  return note.occurred_at;
}

/** Registers a new organisation in `app` and fills it (about 2–5 s on PGlite). */
export async function seedAssistantOrganisation(app: FastifyInstance): Promise<AssistantOrganisation> {
  const seededAt = new Date();
  const daysAgo = (days: number) => new Date(seededAt.getTime() - days * DAY_MS).toISOString();
  const register = await call<TAuthResponse>(app, 'POST', '/api/v1/auth/register/organization', {
    body: {
      organization_name: `Northbridge Credit ${Math.random().toString(36).slice(2, 8)}`,
      email: `analyst-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: 'correct horse battery',
      first_name: 'Ada',
      last_name: 'Lovelace',
    },
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}`);
  const admin = register.body;
  const token = admin.access_token;

  const companies = {} as Record<AssistantCompanyKey, SeededCompany>;
  for (const [key, seed] of Object.entries(ASSISTANT_COMPANIES) as [AssistantCompanyKey, CompanySeed][]) {
    const created = await send<TCompanyWithWatch>(app, 'POST', '/api/v1/companies', token, seed, 201);
    companies[key] = {
      id: created.id,
      name: seed.name,
      industry: seed.industry as string,
      country: seed.headquarters_country as string,
      metrics: {
        ...seed.financial_metrics,
        revenue: seed.revenue,
        revenue_growth: seed.revenue_growth,
        employee_count: seed.employee_count,
      },
      lastInteraction: null,
    };
  }

  const deals = {} as Record<AssistantDealKey, SeededDeal>;
  for (const [key, seed] of Object.entries(ASSISTANT_DEALS) as [AssistantDealKey, DealSeed][]) {
    const company = companies[seed.company];
    const deal = await send<TDeal>(
      app,
      'POST',
      '/api/v1/deals',
      token,
      {
        company_id: company.id,
        amount_requested: seed.amount,
        stage: seed.stage,
        deal_type: 'venture_debt',
        source_type: 'tier1_vc',
        ...(seed.geography ? { geography: seed.geography } : {}),
        ...(seed.lastInteractionDaysAgo !== undefined
          ? { last_interaction: daysAgo(seed.lastInteractionDaysAgo) }
          : {}),
      },
      201,
    );
    deals[key] = {
      id: deal.id,
      dealNumber: deal.deal_number,
      company: seed.company,
      companyId: company.id,
      companyName: company.name,
      stage: seed.stage,
      amount: seed.amount,
      sector: company.industry,
      geography: seed.geography ?? company.country,
      thematicScore: deal.thematic_score,
      redFlagLevel: deal.red_flag_level,
      redFlags: deal.red_flags ?? [],
      suggestedFacility: deal.suggested_facility
        ? { min: deal.suggested_facility.min, max: deal.suggested_facility.max }
        : null,
      metrics: deal.financial_metrics,
    };
    if (deal.sector !== deals[key].sector || deal.geography !== deals[key].geography) {
      throw new Error(`Deal ${key} was stored with ${deal.sector} / ${deal.geography}`);
    }
  }
  const critical = Object.values(deals).filter(
    (deal) => deal.stage === 'due_diligence' && deal.redFlags.some((flag) => flag.severity === 'critical'),
  );
  if (critical.length < 2) throw new Error('The seed expects critical red flags on two due-diligence deals');

  const documents = {} as Record<AssistantDocumentKey, SeededDocument>;
  for (const [key, seed] of Object.entries(ASSISTANT_DOCUMENTS) as [
    AssistantDocumentKey,
    (typeof ASSISTANT_DOCUMENTS)[AssistantDocumentKey],
  ][]) {
    const deal = deals[seed.deal];
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/document-processing/process?async_processing=true',
      headers: {
        'content-type': 'multipart/form-data; boundary=----atempo-document-boundary',
        authorization: `Bearer ${token}`,
      },
      payload: multipartBody(await makePdf([...seed.pages]), {
        filename: seed.name,
        fields: { deal_id: deal.id },
      }),
    });
    if (response.statusCode !== 202)
      throw new Error(`upload of ${seed.name} answered ${response.statusCode}`);
    const { document_id } = response.json() as { document_id: string };
    const document: TDocument = await processed(app, token, document_id);
    const analysis = document.analysis;
    if (document.status !== 'completed' || !analysis) throw new Error(`${seed.name} was not analysed`);
    for (const [name, expected] of Object.entries(seed.keyMetrics)) {
      const found = analysis.key_metrics[name as TKeyMetricName];
      if (
        found?.value !== expected.value ||
        found?.source.label !== expected.label ||
        found?.source.excerpt !== expected.excerpt
      ) {
        throw new Error(`${seed.name}: ${name} was read as ${JSON.stringify(found)}`);
      }
    }
    if (analysis.document_type !== seed.documentType || analysis.risk_flags.length !== seed.riskFlagCount) {
      throw new Error(`${seed.name} was analysed as ${analysis.document_type} with ${analysis.risk_flags}`);
    }
    documents[key] = {
      id: document.id,
      name: seed.name,
      dealId: deal.id,
      companyId: deal.companyId,
      documentType: analysis.document_type,
      keyMetrics: analysis.key_metrics,
      riskFlags: analysis.risk_flags,
    };
  }

  const interactions: AssistantOrganisation['interactions'] = [];
  for (const seed of ASSISTANT_INTERACTIONS) {
    const company = companies[seed.company];
    const created =
      seed.kind === 'email'
        ? await send<{ id: string }>(
            app,
            'POST',
            '/api/v1/knowledge/process-email',
            token,
            {
              subject: seed.subject,
              body: seed.body,
              sender: 'cfo@example.com',
              received_at: daysAgo(seed.daysAgo),
              company_names: [company.name],
            },
            201,
          )
        : await send<{ id: string }>(
            app,
            'POST',
            '/api/v1/knowledge/notes',
            token,
            { company_ids: [company.id], subject: seed.subject, body: seed.body },
            201,
          );
    const occurredAt =
      seed.kind === 'email' ? daysAgo(seed.daysAgo) : await noteTime(app, token, company.id, created.id);
    interactions.push({ id: created.id, kind: seed.kind, company: seed.company, occurredAt });
    if (!company.lastInteraction || occurredAt > company.lastInteraction)
      company.lastInteraction = occurredAt;
  }

  const all = Object.values(deals);
  const closed = all.filter((deal) => deal.stage === 'closed');
  const rejected = all.filter((deal) => deal.stage === 'rejected');
  const totalAmount = all.reduce((sum, deal) => sum + deal.amount, 0);
  const decided = closed.length + rejected.length;
  return {
    admin,
    token,
    organizationId: admin.organization.id,
    userId: admin.user.id,
    seededAt,
    companies,
    deals,
    documents,
    interactions,
    portfolio: {
      count: all.length,
      totalAmount,
      pipelineValue: all
        .filter((deal) => deal.stage !== 'closed' && deal.stage !== 'rejected')
        .reduce((sum, deal) => sum + deal.amount, 0),
      conversion: { closed: closed.length, rejected: rejected.length, rate: closed.length / decided },
      byStage: grouped(all, (deal) => deal.stage),
      bySector: grouped(all, (deal) => deal.sector),
      byGeography: grouped(all, (deal) => deal.geography),
    },
  };
}
