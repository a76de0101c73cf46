/**
 * Shared set-up for the benchmarks: a throw-away PostgreSQL database, the real app, an organisation
 * with an admin token, and realistic batched seed data. Not a test; nothing here asserts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { companies, type DatabaseHandle, deals, migrateDatabase, openDatabase } from '@atempo/db';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function envInt(name: string, fallback: number): number {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export interface BenchDatabase {
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}

/** Creates atempo_bench_<random> next to ADMIN_URL's database, migrates it; drop() closes and removes it. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `atempo_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 10 });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await handle.close().catch(() => {});
    const cleaner = new pg.Client({ connectionString: ADMIN_URL });
    await cleaner.connect();
    try {
      await cleaner.query(`drop database if exists ${name} with (force)`);
    } finally {
      await cleaner.end();
    }
  };
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await drop();
    throw error;
  }
  return { handle, url: url.toString(), drop };
}

/** The bench's settings on `url`; `extra` adds or overrides settings (a provider fake's, PUBLIC_URL). */
export function benchConfig(url: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    JWT_SECRET: `bench-secret-${randomBytes(24).toString('hex')}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-bench-')),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpdir(), 'atempo-no-web-dist'),
    DATABASE_URL: url,
    ...extra,
  });
}

export async function startApp(database: BenchDatabase): Promise<FastifyInstance> {
  const app = await buildApp({ config: benchConfig(database.url), database: database.handle });
  await app.ready();
  return app;
}

/** Registers an organisation and its admin through the real API; returns the org id and a bearer token. */
export async function registerOrganization(
  app: FastifyInstance,
): Promise<{ organizationId: string; userId: string; token: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/organization',
    headers: { 'content-type': 'application/json' },
    payload: {
      organization_name: `Bench Fund ${randomBytes(3).toString('hex')}`,
      email: `bench-${randomBytes(5).toString('hex')}@example.com`,
      password: 'correct horse battery',
      first_name: 'Ada',
      last_name: 'Lovelace',
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json() as {
    access_token: string;
    user: { id: string };
    organization: { id: string };
  };
  return { organizationId: body.organization.id, userId: body.user.id, token: body.access_token };
}

/** A small deterministic PRNG (mulberry32) so runs seed the same data. */
export function rng(seed = 42): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INDUSTRIES = [
  'SaaS',
  'FinTech',
  'Climate Tech',
  'HealthTech',
  'Cybersecurity',
  'AI/ML',
  'E-commerce',
  'Logistics',
  'EdTech',
  'Biotech',
  'Gaming',
  null,
];
const COUNTRIES = [
  'United States',
  'United Kingdom',
  'Germany',
  'France',
  'Sweden',
  'Israel',
  'India',
  'Brazil',
  null,
];
const STAGES = ['Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Growth', 'Pre-IPO', null];
const SOURCES = ['manual', 'import', 'news', 'referral'];
const DEAL_STAGES = [
  'lead',
  'qualified',
  'due_diligence',
  'ic_review',
  'term_sheet',
  'legal_docs',
  'closed',
  'rejected',
];
const DEAL_TYPES = ['venture_debt', 'revenue_based_financing', 'convertible_debt', null];

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

function maybe<T>(random: () => number, value: T, probability = 0.8): T | undefined {
  return random() < probability ? value : undefined;
}

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

export type CompanyInsert = typeof companies.$inferInsert;

export function fakeCompany(organizationId: string, index: number, random: () => number): CompanyInsert {
  const revenue = Math.round(random() ** 2 * 80_000_000);
  const growth = Math.round((random() * 2.2 - 0.3) * 100) / 100;
  const burn = Math.round((random() * 2_500_000 - 300_000) / 1000) * 1000;
  const metrics: Record<string, unknown> = {
    revenue: maybe(random, revenue),
    arr: maybe(random, Math.round(revenue * (0.8 + random() * 0.4)), 0.6),
    revenue_growth: maybe(random, growth),
    gross_margin: maybe(random, Math.round((0.2 + random() * 0.7) * 100) / 100),
    monthly_burn: maybe(random, burn),
    cash: maybe(random, Math.round(random() * 60_000_000)),
    monthly_churn: maybe(random, Math.round(random() * 0.06 * 1000) / 1000, 0.5),
    net_revenue_retention: maybe(random, Math.round((0.8 + random() * 0.6) * 100) / 100, 0.5),
    employee_count: maybe(random, Math.floor(5 + random() * 1500)),
    last_round_amount: maybe(random, Math.round(random() * 50_000_000), 0.6),
    last_round_date: maybe(random, isoDate(Math.floor(random() * 1500)), 0.6),
  };
  const investors =
    random() < 0.7
      ? ['Sequoia', 'Index Ventures', 'Accel', 'Balderton'].slice(0, 1 + Math.floor(random() * 3))
      : [];
  return {
    organizationId,
    name: `Company ${index.toString().padStart(7, '0')} ${pick(random, ['Labs', 'AI', 'Systems', 'Health', 'Pay', 'Energy'])}`,
    industry: pick(random, INDUSTRIES),
    headquartersCountry: pick(random, COUNTRIES),
    stage: pick(random, STAGES),
    revenue: random() < 0.85 ? revenue : null,
    employeeCount: random() < 0.85 ? Math.floor(5 + random() * 1500) : null,
    website: `https://company-${index}.example.com`,
    description:
      random() < 0.7 ? 'Builds software for mid-market finance teams; recurring revenue, growing.' : null,
    lastFundingAmount: random() < 0.6 ? Math.round(random() * 50_000_000) : null,
    totalFunding: random() < 0.6 ? Math.round(random() * 200_000_000) : null,
    revenueGrowth: random() < 0.8 ? growth : null,
    hasTier1Vc: random() < 0.25,
    recentCfoHire: random() < 0.1,
    ipoSignals: random() < 0.05,
    financialMetrics: Object.fromEntries(Object.entries(metrics).filter(([, v]) => v !== undefined)),
    investors,
    source: pick(random, SOURCES),
    foundedYear: 1995 + Math.floor(random() * 30),
    ceoName: random() < 0.7 ? `CEO ${index}` : null,
    confidenceScore: Math.round((0.3 + random() * 0.7) * 100) / 100,
    lastInteractionAt: random() < 0.5 ? new Date(Date.now() - random() * 400 * 86_400_000) : null,
  };
}

export type DealInsert = typeof deals.$inferInsert;

export function fakeDeal(
  organizationId: string,
  companyId: string,
  company: CompanyInsert,
  dealNumber: number,
  createdBy: string,
  random: () => number,
): DealInsert {
  return {
    organizationId,
    dealNumber,
    companyId,
    amountRequested: Math.round((0.5 + random() * 40) * 1_000_000),
    stage: pick(random, DEAL_STAGES),
    sourceType: pick(random, ['direct', 'tier1_vc', 'referral', 'inbound', 'conference', null]),
    sourceName: random() < 0.5 ? 'Partner network' : null,
    description: random() < 0.6 ? 'Growth facility to extend runway ahead of the next equity round.' : null,
    sector: company.industry ?? null,
    geography: company.headquartersCountry ?? null,
    dealType: pick(random, DEAL_TYPES),
    financialMetrics: company.financialMetrics ?? {},
    lastInteraction: random() < 0.5 ? new Date(Date.now() - random() * 200 * 86_400_000) : null,
    createdBy,
    createdAt: new Date(Date.now() - random() * 700 * 86_400_000),
  };
}

/** Inserts companies in multi-row batches; returns their ids in input order. */
export async function insertCompanies(
  handle: DatabaseHandle,
  rows: CompanyInsert[],
  batchSize = 1000,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    const inserted = await handle.db
      .insert(companies)
      .values(rows.slice(start, start + batchSize))
      .returning({ id: companies.id });
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

export async function insertDeals(
  handle: DatabaseHandle,
  rows: DealInsert[],
  batchSize = 1000,
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) {
    await handle.db.insert(deals).values(rows.slice(start, start + batchSize));
  }
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
