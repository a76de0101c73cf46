import type { TCompanyWithWatch, TCreateCompanyRequest, TCreateDealInput, TDeal } from '@atempo/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../test/server.ts';

/** Test helpers for the pipeline modules: create through the API and insist it worked. */

export async function createCompany(
  app: FastifyInstance,
  token: string,
  body: Partial<TCreateCompanyRequest> & { name: string },
): Promise<TCompanyWithWatch> {
  const response = await call<TCompanyWithWatch>(app, 'POST', '/api/v1/companies', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function createDeal(
  app: FastifyInstance,
  token: string,
  body: TCreateDealInput,
): Promise<TDeal> {
  const response = await call<TDeal>(app, 'POST', '/api/v1/deals', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Polls until `check` answers a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A company that fits the default thesis well: UK B2B SaaS at Series B with healthy numbers. */
export const STRONG_COMPANY = {
  industry: 'B2B SaaS',
  headquarters_country: 'United Kingdom',
  stage: 'Series B',
  revenue: 12_000_000,
  revenue_growth: 0.8,
  employee_count: 120,
  financial_metrics: {
    arr: 12_000_000,
    gross_margin: 0.78,
    monthly_burn: 400_000,
    cash: 15_000_000,
    monthly_churn: 0.01,
    net_revenue_retention: 1.15,
    cac_payback_months: 12,
    last_round_amount: 30_000_000,
  },
} satisfies Partial<TCreateCompanyRequest>;
