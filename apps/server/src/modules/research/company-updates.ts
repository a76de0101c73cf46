import {
  confidenceLevel,
  type TConfidenceLevel,
  type TResearchFact,
  type TResearchHit,
  type TSourceArticle,
  type TUpdateCompanyRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { normaliseStage } from '@atempo/scoring';
import { type CompanyProfileRow, findOrCreateCompanyByName, updateCompany } from '../companies/index.ts';
import { rescoreDealsOfCompany } from '../deals/index.ts';
import { getThesis } from '../thesis/index.ts';

/**
 * What research may write to the company list (save_to_db). Only facts read from a funding
 * announcement, whose extraction is at least as sure as a person's entry (confidence 0.5), and
 * only into fields the record leaves empty: research fills gaps, it never overwrites what the
 * team entered, and never writes a figure it worked out itself. Document metrics are not written:
 * a person accepts those (decision 017).
 */

export const MIN_FACT_CONFIDENCE = 0.5;

const COMPANY_STAGES = new Set(['Seed', 'Series A', 'Series B', 'Series C', 'Series D+', 'Pre-IPO']);

function stageLabel(stage: string | null): string | null {
  const label = stage ? normaliseStage(stage) : null;
  return label && COMPANY_STAGES.has(label) ? label : null;
}

function article(hit: TResearchHit): TSourceArticle {
  return {
    title: hit.title.slice(0, 500),
    url: hit.source.url,
    snippet: hit.snippet?.slice(0, 2000) ?? null,
    source: hit.source.name.split(':')[0]?.slice(0, 200) ?? null,
    published_date: hit.date,
    type: 'funding_announcement',
  };
}

const fact = (
  field: string,
  value: string | number,
  unit: TResearchFact['unit'],
  hit: TResearchHit,
): TResearchFact => ({
  field,
  value,
  unit,
  currency: unit === 'currency' ? 'EUR' : null,
  period: null,
  source: hit.source,
});

/** The patch and the facts behind it, from a company's announcements (newest first). */
export function sourcedCompanyPatch(
  company: Pick<
    CompanyProfileRow,
    'industry' | 'headquarters_country' | 'stage' | 'last_funding_amount' | 'investors' | 'source_articles'
  >,
  announcements: TResearchHit[],
): { patch: TUpdateCompanyRequest; facts: TResearchFact[] } {
  const usable = announcements.filter(
    (hit) => hit.kind === 'funding_announcement' && (hit.confidence_score ?? 0) >= MIN_FACT_CONFIDENCE,
  );
  const patch: TUpdateCompanyRequest = {};
  const facts: TResearchFact[] = [];
  const latest = <T>(read: (hit: TResearchHit) => T | null) => {
    for (const hit of usable) {
      const value = read(hit);
      if (value !== null && value !== undefined) return { value, hit };
    }
    return null;
  };

  const amount = company.last_funding_amount === null ? latest((hit) => hit.amount_eur) : null;
  if (amount) {
    patch.last_funding_amount = amount.value;
    facts.push(fact('last_funding_amount', amount.value, 'currency', amount.hit));
  }
  const stage = company.stage ? null : latest((hit) => stageLabel(hit.stage));
  if (stage) {
    patch.stage = stage.value;
    facts.push(fact('stage', stage.value, 'text', stage.hit));
  }
  const sector = company.industry ? null : latest((hit) => hit.sector?.trim() || null);
  if (sector) {
    patch.industry = sector.value.slice(0, 200);
    facts.push(fact('industry', patch.industry, 'text', sector.hit));
  }
  const country = company.headquarters_country ? null : latest((hit) => hit.country?.trim() || null);
  if (country) {
    patch.headquarters_country = country.value.slice(0, 200);
    facts.push(fact('headquarters_country', patch.headquarters_country, 'text', country.hit));
  }

  const knownArticles = new Set(company.source_articles.map((item) => item.url).filter(Boolean));
  const newArticles = usable.filter((hit) => hit.source.url && !knownArticles.has(hit.source.url));
  if (newArticles.length > 0) {
    patch.source_articles = [
      ...(company.source_articles as TSourceArticle[]),
      ...newArticles.map(article),
    ].slice(-200);
    for (const hit of newArticles) facts.push(fact('source_articles', hit.title, 'text', hit));
  }
  return { patch, facts };
}

/** Applies a sourced patch (re-scoring the company, and its deals when the stage changed). */
export async function applyCompanyPatch(
  db: Database,
  organizationId: string,
  companyId: string,
  patch: TUpdateCompanyRequest,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  const { dealsNeedRescore } = await updateCompany(db, organizationId, companyId, patch);
  if (dealsNeedRescore) await rescoreDealsOfCompany(db, organizationId, companyId);
}

export interface DiscoveredCompany {
  id: string;
  name: string;
  confidence_level: TConfidenceLevel;
}

/**
 * Adds the companies that announcements name and the list does not hold yet, as source
 * 'discovery' with the announcement's extraction confidence (spec 02 §2: high above 0.7, medium
 * above 0.5, else low). A name already tracked is left as it is.
 */
export async function addDiscoveredCompanies(
  db: Database,
  organizationId: string,
  hits: TResearchHit[],
  tracked: Set<string>,
  max: number,
): Promise<DiscoveredCompany[]> {
  const thesis = await getThesis(db, organizationId);
  const added: DiscoveredCompany[] = [];
  const seen = new Set(tracked);
  for (const hit of hits) {
    if (added.length >= max) break;
    if (hit.kind !== 'funding_announcement' || !hit.company_name) continue;
    const key = hit.company_name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const confidence = hit.confidence_score ?? 0;
    const row = await findOrCreateCompanyByName(
      db,
      organizationId,
      {
        name: hit.company_name.slice(0, 200),
        industry: hit.sector?.slice(0, 200) ?? null,
        headquarters_country: hit.country?.slice(0, 200) ?? null,
        stage: stageLabel(hit.stage),
        last_funding_amount: hit.amount_eur,
        source: 'discovery',
        confidence_score: confidence,
        source_articles: hit.source.url || hit.title ? [article(hit)] : [],
      },
      thesis,
    );
    added.push({ id: row.id, name: row.name, confidence_level: confidenceLevel(row.confidenceScore) });
  }
  return added;
}
