/**
 * CSV rows of funding rounds → announcements, through the same merge as articles: a round already
 * reported by a feed gains the import as a source, and importing a file twice changes nothing.
 */
import type { TFundingImportResult } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type FxRates, findPlace, findSector, readAmountCell, roundFromFields } from '@atempo/documents';
import { type FundingCsvRow, readFundingCsv } from './funding-csv-file.ts';
import { upsertRound } from './funding-ingest.ts';

const CURRENCY_CODES: Record<string, string> = { '€': 'EUR', '£': 'GBP', $: 'USD', US$: 'USD', '¥': 'JPY' };
const KNOWN_CURRENCY = /^[A-Z]{3}$/;

const splitNames = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[,;]\s*/)
    .map((name) => name.trim())
    .filter(Boolean);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * "2024-03-15", "2024-03-15T10:00:00Z", "15/03/2024" (day first: the exports we target are
 * European), "Mar 15, 2024", "15 March 2024"; null when it is none of them.
 */
export function readDateCell(cell: string): string | null {
  const utc = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
      ? date.toISOString()
      : null;
  };
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(cell);
  if (m) {
    const full = cell.length > 10 ? new Date(cell) : null;
    return full && !Number.isNaN(full.getTime()) ? full.toISOString() : utc(+m[1]!, +m[2]!, +m[3]!);
  }
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(cell);
  if (m) return utc(+m[3]!, +m[2]!, +m[1]!);
  m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(cell);
  if (m && MONTHS.includes(m[1]!.toLowerCase()))
    return utc(+m[3]!, MONTHS.indexOf(m[1]!.toLowerCase()) + 1, +m[2]!);
  m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})$/.exec(cell);
  if (m && MONTHS.includes(m[2]!.toLowerCase()))
    return utc(+m[3]!, MONTHS.indexOf(m[2]!.toLowerCase()) + 1, +m[1]!);
  return null;
}

export interface ImportDeps {
  db: Database;
  fxRates: FxRates;
  now?: () => Date;
}

export async function importFundingCsv(
  deps: ImportDeps,
  organizationId: string,
  buffer: Buffer,
  sourceName: string,
): Promise<Omit<TFundingImportResult, 'scan_execution_id'>> {
  const file = readFundingCsv(buffer);
  // An unreadable line is a row of the file that could not be kept: counted and reported as skipped.
  const result: Omit<TFundingImportResult, 'scan_execution_id'> = {
    rows: file.rows.length + file.unreadable.length,
    created: 0,
    merged: 0,
    skipped: file.unreadable.length,
    amount_unknown: 0,
    encoding: file.encoding,
    columns: file.columns,
    announcement_ids: [],
    problems: file.unreadable.map(({ line, message }) => ({
      line,
      field: null,
      message: `${message}: line skipped`,
    })),
  };
  const ids = new Set<string>();
  for (const row of file.rows) {
    const outcome = await importRow(deps, organizationId, row, sourceName, result.problems);
    if (outcome === 'skipped') {
      result.skipped++;
      continue;
    }
    if (outcome.amountUnknown) result.amount_unknown++;
    if (outcome.created) result.created++;
    else result.merged++;
    ids.add(outcome.id);
  }
  result.announcement_ids = [...ids];
  result.problems.sort((a, b) => a.line - b.line);
  return result;
}

async function importRow(
  deps: ImportDeps,
  organizationId: string,
  row: FundingCsvRow,
  sourceName: string,
  problems: TFundingImportResult['problems'],
): Promise<'skipped' | { id: string; created: boolean; amountUnknown: boolean }> {
  const { cells, line } = row;
  const problem = (field: string | null, message: string) => problems.push({ line, field, message });
  const company = cells.company?.slice(0, 200);
  if (!company) {
    problem('company', 'no company name: row skipped');
    return 'skipped';
  }

  let amount: number | null = null;
  let currency: string | null = null;
  const amountText = cells.amount ?? cells.amount_usd;
  if (amountText) {
    const read = readAmountCell(amountText);
    if (read) {
      amount = read.value;
      const stated = cells.amount ? cells.currency?.toUpperCase() : 'USD';
      currency = read.currency ?? (stated ? (CURRENCY_CODES[stated] ?? stated) : null);
      if (currency && !KNOWN_CURRENCY.test(currency)) {
        problem('currency', `"${cells.currency}" is not a currency code: amount kept without a currency`);
        currency = null;
      } else if (!currency) {
        problem('currency', 'no currency given: amount kept, not converted to EUR');
      }
    } else {
      problem('amount', `"${amountText.slice(0, 40)}" is not an amount: kept with the amount unknown`);
    }
  }

  let announcedAt: string | null = null;
  if (cells.date) {
    announcedAt = readDateCell(cells.date);
    if (!announcedAt) problem('date', `"${cells.date.slice(0, 40)}" is not a date: dated today`);
  }
  const place = cells.country ? findPlace(cells.country, '') : null;
  const round = roundFromFields(
    {
      company_name: company,
      round_type: cells.round_type ?? null,
      amount,
      currency,
      announced_at: announcedAt,
      investors: splitNames(cells.investors),
      lead_investors: splitNames(cells.lead_investors),
      country: place?.country ?? null,
      region: place?.region ?? null,
      sector: cells.sector ? findSector(cells.sector, '') : null,
      source: sourceName,
    },
    { fxRates: deps.fxRates, now: deps.now?.() },
  );
  const url = cells.url && /^https?:\/\//i.test(cells.url) ? cells.url.slice(0, 2000) : null;
  const stored = await upsertRound(deps.db, organizationId, {
    round,
    title: `${company}: ${round.stage ?? cells.round_type ?? 'funding round'}`.slice(0, 500),
    summary: null,
    url,
    publishedAt: announcedAt,
  });
  return { ...stored, amountUnknown: amount === null };
}
