import type {
  TCreateCompanyRequest,
  TCreateDealRequest,
  TDealSourceType,
  TDealStage,
  TDealType,
  TFinancialMetrics,
} from '@atempo/contracts';

/**
 * The demo organisation's portfolio: European and UK venture-debt targets, their figures in EUR.
 * Each company has a health profile from which its metrics follow, so the figures hang together
 * (burn against net new ARR, cash against burn) and the scores and red flags mean something.
 */

/** How a company is doing; drives every figure of its metrics. */
export type Health = 'strong' | 'steady' | 'stretched' | 'distressed' | 'thin';

export interface DemoCompany {
  name: string;
  industry: string;
  headquarters_country: string;
  stage: string;
  /** Annual recurring revenue, EUR. */
  arr: number;
  health: Health;
  founded_year: number;
  website: string;
}

const company = (
  name: string,
  industry: string,
  country: string,
  stage: string,
  arrMillions: number,
  health: Health,
  founded: number,
): DemoCompany => ({
  name,
  industry,
  headquarters_country: country,
  stage,
  arr: arrMillions * 1_000_000,
  health,
  founded_year: founded,
  website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
});

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  company('Ledgerly', 'B2B SaaS', 'United Kingdom', 'Series B', 14, 'strong', 2017),
  company('Northwind Payments', 'Fintech', 'United Kingdom', 'Series C', 38, 'strong', 2015),
  company('Klarwerk', 'B2B SaaS', 'Germany', 'Series A', 6.5, 'strong', 2019),
  company('Fjordline Energy', 'Climate Tech', 'Norway', 'Series B', 11, 'steady', 2016),
  company('Mediwell', 'Healthtech', 'Netherlands', 'Series B', 9, 'steady', 2016),
  company('Polaris Security', 'Cybersecurity', 'Ireland', 'Series C', 27, 'strong', 2014),
  company('Cartamundo', 'Marketplaces', 'Spain', 'Series A', 4.2, 'stretched', 2019),
  company('Vaultic', 'Fintech', 'France', 'Series B', 16, 'steady', 2017),
  company('GreenGrid Analytics', 'Climate Tech', 'Denmark', 'Series A', 3.8, 'strong', 2020),
  company('Orbitask', 'B2B SaaS', 'Sweden', 'Series B', 12.5, 'steady', 2016),
  company('Heliox Robotics', 'Deeptech', 'Switzerland', 'Series B', 8, 'stretched', 2015),
  company('Tessera Health', 'Healthtech', 'United Kingdom', 'Series A', 3.1, 'distressed', 2018),
  company('Brightlane Logistics', 'Marketplaces', 'Germany', 'Series C', 45, 'steady', 2013),
  company('Quantia', 'Fintech', 'Lithuania', 'Series A', 5.4, 'strong', 2019),
  company('Papyrus Legal', 'B2B SaaS', 'France', 'Seed', 1.2, 'thin', 2021),
  company('Solara Storage', 'Climate Tech', 'Spain', 'Series C', 22, 'stretched', 2014),
  company('Kinetic Learning', 'Edtech', 'United Kingdom', 'Series A', 2.6, 'distressed', 2018),
  company('Alpenblick Software', 'B2B SaaS', 'Austria', 'Series A', 4.8, 'steady', 2018),
  company('Corvid AI', 'Deeptech', 'United Kingdom', 'Series A', 2.2, 'stretched', 2020),
  company('Helvetic Insure', 'Insurtech', 'Switzerland', 'Series B', 13, 'steady', 2016),
  company('Mosaic Retail Cloud', 'B2B SaaS', 'Italy', 'Series B', 10, 'distressed', 2015),
  company('Tidewater Foods', 'Ecommerce', 'Portugal', 'Series B', 19, 'stretched', 2016),
  company('Lumen Diagnostics', 'Healthtech', 'Belgium', 'Series C', 31, 'strong', 2013),
  company('Baltic Freight Hub', 'Marketplaces', 'Estonia', 'Series A', 3.5, 'steady', 2019),
  company('CarbonLedger', 'Climate Tech', 'United Kingdom', 'Series A', 4.5, 'strong', 2019),
  company('Nordvik Pay', 'Fintech', 'Finland', 'Series B', 15, 'stretched', 2017),
  company('Atlas HR', 'B2B SaaS', 'Poland', 'Series A', 3.9, 'steady', 2018),
  company('Verdant Farms', 'Agritech', 'Netherlands', 'Seed', 0.9, 'thin', 2021),
  company('Sentinel Cyber', 'Cybersecurity', 'Germany', 'Series B', 17, 'strong', 2016),
  company('Opus Property', 'Proptech', 'United Kingdom', 'Series B', 9.5, 'distressed', 2015),
  company('Ferro Mobility', 'Mobility', 'Italy', 'Series D+', 60, 'stretched', 2012),
  company('Clearwave Telecom', 'Telecoms', 'Ireland', 'Series C', 35, 'steady', 2012),
  company('Pulse Clinics', 'Healthtech', 'Sweden', 'Series A', 5, 'steady', 2018),
  company('Trellis Data', 'B2B SaaS', 'Netherlands', 'Series C', 41, 'strong', 2013),
  company('Meridian Wealth', 'Fintech', 'Luxembourg', 'Series A', 2.9, 'distressed', 2019),
  company('Kestrel Drones', 'Deeptech', 'France', 'Seed', 0.7, 'thin', 2022),
  company('Saffron Kitchens', 'Foodtech', 'United Kingdom', 'Series A', 6, 'distressed', 2017),
  company('Aurora Biotech Software', 'Healthtech', 'Denmark', 'Series B', 12, 'strong', 2016),
  company('Crest Energy Services', 'Climate Tech', 'Germany', 'Series B', 14.5, 'steady', 2015),
  company('Nimbus Games', 'Gaming', 'Finland', 'Series A', 7, 'stretched', 2017),
];

interface Profile {
  growth: number;
  grossMargin: number;
  /** Net burn ÷ net new ARR. */
  burnMultiple: number;
  runwayMonths: number;
  monthlyChurn: number;
  netRevenueRetention: number;
  cacPaybackMonths: number;
}

const PROFILES: Record<Exclude<Health, 'thin'>, Profile> = {
  strong: {
    growth: 0.75,
    grossMargin: 0.79,
    burnMultiple: 1.1,
    runwayMonths: 26,
    monthlyChurn: 0.008,
    netRevenueRetention: 1.22,
    cacPaybackMonths: 12,
  },
  steady: {
    growth: 0.38,
    grossMargin: 0.68,
    burnMultiple: 1.7,
    runwayMonths: 19,
    monthlyChurn: 0.015,
    netRevenueRetention: 1.06,
    cacPaybackMonths: 17,
  },
  stretched: {
    growth: 0.22,
    grossMargin: 0.52,
    burnMultiple: 3.6,
    runwayMonths: 9,
    monthlyChurn: 0.032,
    netRevenueRetention: 0.96,
    cacPaybackMonths: 27,
  },
  distressed: {
    growth: -0.14,
    grossMargin: 0.44,
    burnMultiple: 0,
    runwayMonths: 5,
    monthlyChurn: 0.055,
    netRevenueRetention: 0.84,
    cacPaybackMonths: 38,
  },
};

/** Small deterministic variation, so companies of one profile are not identical. */
const vary = (index: number, spread: number) => 1 + spread * (((index * 37) % 11) / 10 - 0.5);
const round = (value: number, step: number) => Math.round(value / step) * step;
const isoDaysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** The company's metrics, consistent with its ARR and health. */
export function demoMetrics(demo: DemoCompany, index: number, now: Date): TFinancialMetrics {
  const lastRound = round(demo.arr * (demo.stage === 'Seed' ? 3 : 1.6) * vary(index, 0.4), 100_000);
  const lastRoundDate = isoDaysAgo(now, 120 + ((index * 53) % 500)).slice(0, 10);
  if (demo.health === 'thin') {
    // Early and barely known: the missing figures are themselves a finding.
    return {
      arr: demo.arr,
      revenue_growth: round(1.1 * vary(index, 0.3), 0.01),
      last_round_amount: lastRound,
    };
  }
  const profile = PROFILES[demo.health];
  const growth = round(profile.growth * vary(index, 0.3), 0.01);
  const netNewArr = growth > 0 ? demo.arr * (growth / (1 + growth)) : 0;
  // Declining companies burn a share of revenue; the others burn against the ARR they add.
  const annualBurn = growth > 0 ? netNewArr * profile.burnMultiple * vary(index, 0.2) : demo.arr * 0.45;
  const monthlyBurn = round(annualBurn / 12, 1_000);
  const runway = round(profile.runwayMonths * vary(index, 0.3), 0.5);
  return {
    revenue: round(demo.arr * 0.93, 1_000),
    arr: demo.arr,
    revenue_growth: growth,
    gross_margin: round(profile.grossMargin * vary(index, 0.1), 0.01),
    monthly_burn: monthlyBurn,
    cash: round(monthlyBurn * runway, 10_000),
    runway_months: runway,
    monthly_churn: round(profile.monthlyChurn * vary(index, 0.3), 0.001),
    net_revenue_retention: round(profile.netRevenueRetention * vary(index, 0.05), 0.01),
    cac_payback_months: Math.round(profile.cacPaybackMonths * vary(index, 0.2)),
    employee_count: Math.max(8, Math.round((demo.arr / 115_000) * vary(index, 0.3))),
    last_round_amount: lastRound,
    last_round_date: lastRoundDate,
  };
}

export function demoCompanyRequest(demo: DemoCompany, index: number, now: Date): TCreateCompanyRequest {
  const metrics = demoMetrics(demo, index, now);
  return {
    name: demo.name,
    industry: demo.industry,
    headquarters_country: demo.headquarters_country,
    stage: demo.stage,
    revenue: metrics.revenue ?? null,
    revenue_growth: metrics.revenue_growth ?? null,
    employee_count: metrics.employee_count ?? null,
    last_funding_amount: metrics.last_round_amount ?? null,
    founded_year: demo.founded_year,
    website: demo.website,
    source: (['direct', 'referral', 'inbound', 'event', 'discovery'] as const)[index % 5],
    has_tier1_vc: demo.health === 'strong' && index % 2 === 0,
    financial_metrics: metrics,
    last_interaction: isoDaysAgo(now, demo.health === 'distressed' ? 150 + index : 5 + ((index * 7) % 60)),
  };
}

const SOURCES: readonly [TDealSourceType, string][] = [
  ['tier1_vc', 'Balderton Capital'],
  ['tier1_vc', 'Index Ventures'],
  ['tier2_vc', 'Cherry Ventures'],
  ['referral', 'Former portfolio CFO'],
  ['direct', 'Outbound'],
  ['inbound', 'Website enquiry'],
  ['conference', 'SaaStock Dublin'],
  ['tier1_vc', 'Northzone'],
];

/** Deals per pipeline stage: 60 in all, every stage present, thinning out towards closing. */
const STAGE_PLAN: readonly [TDealStage, number][] = [
  ['lead', 14],
  ['qualified', 11],
  ['due_diligence', 9],
  ['ic_review', 7],
  ['term_sheet', 6],
  ['legal_docs', 4],
  ['closed', 4],
  ['rejected', 5],
];

/**
 * 60 deals over the companies (the first 20 companies have two). Tickets are a quarter to a
 * third of ARR, as venture debt usually is; a few ask outside the thesis range or for a product
 * outside it, so mandate flags show too. Deals inherit the company's sector, country and metrics.
 */
export function demoDealRequests(companyIds: readonly string[], now: Date): TCreateDealRequest[] {
  const stages = STAGE_PLAN.flatMap(([stage, count]) => Array<TDealStage>(count).fill(stage));
  return stages.map((stage, index) => {
    const companyIndex = index < DEMO_COMPANIES.length ? index : (index - DEMO_COMPANIES.length) * 2;
    const demo = DEMO_COMPANIES[companyIndex]!;
    const [sourceType, sourceName] = SOURCES[index % SOURCES.length]!;
    const ticket = Math.max(1_000_000, round(demo.arr * (0.25 + (index % 4) * 0.03), 250_000));
    const dealType: TDealType =
      index % 9 === 4 ? 'growth_equity' : index % 5 === 2 ? 'revenue_based_financing' : 'venture_debt';
    return {
      company_id: companyIds[companyIndex]!,
      amount_requested: ticket,
      stage,
      source_type: sourceType,
      source_name: sourceName,
      deal_type: dealType,
      description: `${demo.stage} ${demo.industry} company in ${demo.headquarters_country} seeking ${dealType.replace(/_/g, ' ')}.`,
      last_interaction: isoDaysAgo(
        now,
        stage === 'rejected' || demo.health === 'distressed' ? 130 : 3 + (index % 30),
      ),
    };
  });
}

/** Companies the demo team watches: the strongest, and two in trouble. */
export const DEMO_WATCHED = [
  'Ledgerly',
  'Northwind Payments',
  'Polaris Security',
  'Trellis Data',
  'Lumen Diagnostics',
  'CarbonLedger',
  'Mosaic Retail Cloud',
  'Nordvik Pay',
] as const;
