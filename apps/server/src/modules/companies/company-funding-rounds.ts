import type { TSourceArticle } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import * as repository from './companies.repository.ts';

/**
 * A funding round reported for a company the organisation already tracks updates the company
 * (issue 18 §5): its last funding amount (when the round is its newest), its total raised (each
 * round counted once), its investors (merged) and a source article citing the round. The round is
 * recognised by the announcements that reported it, kept on that source article, so a rescan, a
 * second article of the same round or a merged figure never counts it twice.
 */

/** The source_articles type of an entry recording a round counted in the company's figures. */
export const FUNDING_ROUND_ARTICLE = 'funding_round';
/** A hand-entered last round this close to the reported one is taken for the same round. */
const SAME_AMOUNT_TOLERANCE = 0.2;

export interface ReportedRound {
  /** Every announcement reporting the round (the first is the round's identity). */
  announcementIds: string[];
  amountEur: number | null;
  announcedAt: Date;
  stage: string | null;
  investors: string[];
  /** The article cited on the company. */
  title: string;
  url: string | null;
  sourceName: string;
}

/** A funding_round source article with the round's identity and the amount it counted. */
type RoundArticle = TSourceArticle & { announcement_ids?: string[]; amount_eur?: number | null };

const isRoundArticle = (article: RoundArticle) => article.type === FUNDING_ROUND_ARTICLE;

function mergedInvestors(known: string[], added: string[]): string[] {
  const seen = new Set(known.map((name) => name.toLowerCase()));
  return [...known, ...added.filter((name) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()))];
}

/** Applies a reported round to a tracked company; answers whether anything changed. */
export async function recordFundingRound(
  db: Database,
  organizationId: string,
  companyId: string,
  round: ReportedRound,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const company = await repository.findCompany(tx, organizationId, companyId, { forUpdate: true });
    if (!company) return false;
    const articles = (company.sourceArticles ?? []) as RoundArticle[];
    const ids = new Set(round.announcementIds);
    const index = articles.findIndex(
      (article) => isRoundArticle(article) && (article.announcement_ids ?? []).some((id) => ids.has(id)),
    );
    const previous = index >= 0 ? articles[index] : undefined;
    const date = round.announcedAt.toISOString().slice(0, 10);
    const entry: RoundArticle = {
      title: round.title.slice(0, 500),
      url: round.url,
      source: round.sourceName.slice(0, 200),
      published_date: date,
      type: FUNDING_ROUND_ARTICLE,
      snippet:
        [round.stage, round.amountEur !== null ? `€${round.amountEur.toLocaleString('en-GB')}` : null]
          .filter(Boolean)
          .join(', ') || null,
      announcement_ids: [...new Set([...(previous?.announcement_ids ?? []), ...round.announcementIds])],
      amount_eur: round.amountEur,
    };

    let total = company.totalFunding;
    if (previous) {
      // The same round again (a rescan, a second article, a better figure): only the difference.
      if (round.amountEur !== null) total = (total ?? 0) + round.amountEur - (previous.amount_eur ?? 0);
    } else if (round.amountEur !== null && !alreadyEntered(company, round.amountEur, articles)) {
      total = (total ?? 0) + round.amountEur;
    }

    const newest = articles
      .filter((article, i) => isRoundArticle(article) && i !== index)
      .every((article) => (article.published_date ?? '') <= date);
    const investors = mergedInvestors(
      ((company.investors ?? []) as unknown[]).filter((x): x is string => typeof x === 'string'),
      round.investors,
    );
    const nextArticles = previous
      ? articles.map((article, i) => (i === index ? entry : article))
      : [entry, ...articles];
    const values = {
      totalFunding: total,
      lastFundingAmount: newest && round.amountEur !== null ? round.amountEur : company.lastFundingAmount,
      stage: company.stage ?? round.stage,
      investors,
      sourceArticles: nextArticles.slice(0, 200),
    };
    const changed =
      values.totalFunding !== company.totalFunding ||
      values.lastFundingAmount !== company.lastFundingAmount ||
      values.stage !== company.stage ||
      JSON.stringify(values.investors) !== JSON.stringify(company.investors) ||
      JSON.stringify(values.sourceArticles) !== JSON.stringify(company.sourceArticles);
    if (!changed) return false;
    await repository.updateCompany(tx, organizationId, companyId, { ...values, updatedAt: new Date() });
    return true;
  });
}

/**
 * The first reported round of a company whose last funding a person entered with the same amount
 * (within tolerance), and whose total covers it, is most likely that round: already in the total.
 */
function alreadyEntered(
  company: repository.CompanyRow,
  amountEur: number,
  articles: RoundArticle[],
): boolean {
  if (articles.some(isRoundArticle) || company.lastFundingAmount === null) return false;
  // With no total (a company just added from this round), the round starts the total.
  if (company.totalFunding === null || company.totalFunding < amountEur * (1 - SAME_AMOUNT_TOLERANCE))
    return false;
  const larger = Math.max(company.lastFundingAmount, amountEur);
  return Math.abs(company.lastFundingAmount - amountEur) <= SAME_AMOUNT_TOLERANCE * larger;
}
