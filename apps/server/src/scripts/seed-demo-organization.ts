import {
  DEFAULT_THESIS,
  ZAddWatchlistRequest,
  ZCreateCompanyRequest,
  ZCreateDealRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { FxRates } from '@atempo/documents';
import { addToWatchlist } from '../modules/alerts/index.ts';
import { createCompanies } from '../modules/companies/index.ts';
import { createDeals } from '../modules/deals/index.ts';
import { createOrganizationWithAdmin, findOrganizationBySlug } from '../modules/organizations/index.ts';
import { saveThesis } from '../modules/thesis/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';
import { DEMO_COMPANIES, DEMO_WATCHED, demoCompanyRequest, demoDealRequests } from './demo-data.ts';
import { type MarketOutcome, seedDemoMarket } from './seed-demo-market.ts';

export const DEMO_LOGIN = {
  organizationName: 'Demo Capital',
  email: 'demo@atempo.local',
  password: 'demo-password-2026',
  firstName: 'Demo',
  lastName: 'Admin',
} as const;
/** The slug createOrganizationWithAdmin gives the demo organisation's name. */
export const DEMO_SLUG = 'demo-capital';

export interface SeedOutcome extends MarketOutcome {
  /** False when the organisation was already there: its portfolio is left as it is. */
  created: boolean;
  companies: number;
  deals: number;
  watched: number;
}

/**
 * Builds the demo organisation through the real services (so every score is computed the way the
 * app computes it), all in one transaction: the admin, the thesis, the companies, their deals, the
 * watchlist, then its market (seed-demo-market.ts). When the organisation already exists its
 * portfolio is left alone and only news it has not read yet is added: seeding twice never
 * duplicates, and an organisation seeded before the market existed gets it.
 */
export async function seedDemoOrganization(
  db: Database,
  fxRates: FxRates,
  now = new Date(),
): Promise<SeedOutcome> {
  const existing = await findOrganizationBySlug(db, DEMO_SLUG);
  if (!existing && (await findUserByEmail(db, DEMO_LOGIN.email))) {
    throw new Error(
      `${DEMO_LOGIN.email} already belongs to another organisation; remove that account first.`,
    );
  }
  return db.transaction(async (tx) => {
    const portfolio = existing
      ? { created: false, organizationId: existing.id, companies: 0, deals: 0, watched: 0 }
      : await seedPortfolio(tx, now);
    const { organizationId, ...outcome } = portfolio;
    return { ...outcome, ...(await seedDemoMarket(tx, organizationId, fxRates, now)) };
  });
}

async function seedPortfolio(tx: Database, now: Date) {
  const { organization, user } = await createOrganizationWithAdmin(tx, {
    organization_name: DEMO_LOGIN.organizationName,
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    first_name: DEMO_LOGIN.firstName,
    last_name: DEMO_LOGIN.lastName,
    subscription_tier: 'trial',
  });
  const caller = { organizationId: organization.id, userId: user.id };
  await saveThesis(tx, organization.id, user.id, DEFAULT_THESIS);
  const companies = await createCompanies(
    tx,
    organization.id,
    DEMO_COMPANIES.map((demo, index) => ZCreateCompanyRequest.parse(demoCompanyRequest(demo, index, now))),
  );
  const deals = await createDeals(
    tx,
    caller,
    demoDealRequests(
      companies.map((row) => row.id),
      now,
    ).map((request) => ZCreateDealRequest.parse(request)),
  );
  const idOf = new Map(companies.map((row) => [row.name, row.id]));
  for (const name of DEMO_WATCHED) {
    await addToWatchlist(tx, caller, ZAddWatchlistRequest.parse({ company_id: idOf.get(name) }));
  }
  return {
    created: true,
    organizationId: organization.id,
    companies: companies.length,
    deals: deals.length,
    watched: DEMO_WATCHED.length,
  };
}
