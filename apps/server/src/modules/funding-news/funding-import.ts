/**
 * CSV rows of funding rounds → announcements, through the same merge as articles: a round already
 * reported by a feed gains the import as a source, and importing a file twice changes nothing.
 */
import type { TFundingImportResult } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type ExtractedRound, type FxRates, findPlace, findSector, roundFromFields } from '@atempo/documents';
import { type FundingCsvFile, type FundingCsvRow, readFundingCsv } from './funding-csv-file.ts';
import { upsertRound } from './funding-ingest.ts';
import { readImportAmount, readStageCell } from './import-cells.ts';

const CURRENCY_CODES: Record<string, string> = { '€': 'EUR', '£': 'GBP', $: 'USD', US$: 'USD', '¥': 'JPY' };
const KNOWN_CURRENCY = /^[A-Z]{3}$/;

const splitNames = (cell: string | undefined) =>
  (cell ?? '')
    // "India Quotient and LetsVenture's Angel Fund": exports join the last two names with "and"
    .split(/[,;]\s*|\s+and\s+/i)
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

type Problem = TFundingImportResult['problems'][number];

/** A row read into a round, ready to store. */
export interface PlannedRound {
  line: number;
  round: ExtractedRound;
  /** The round-type cell as the file spells it. */
  roundType: string | null;
  title: string;
  url: string | null;
  publishedAt: string;
}

export interface FundingImportPlan {
  file: FundingCsvFile;
  rounds: PlannedRound[];
  /** Rows not kept, each with its reason (also in problems). */
  refused: number;
  amountUnknown: number;
  problems: Problem[];
}

/** Reads every row of the file into a round or a reason it was refused; writes nothing. */
export function planFundingImport(
  deps: Pick<ImportDeps, 'fxRates' | 'now'>,
  buffer: Buffer,
  sourceName: string,
): FundingImportPlan {
  const file = readFundingCsv(buffer);
  // An unreadable line is a row of the file that could not be kept: counted and reported as refused.
  const problems: Problem[] = file.unreadable.map(({ line, message }) => ({
    line,
    field: null,
    message: `${message}: line skipped`,
  }));
  const plan: FundingImportPlan = {
    file,
    rounds: [],
    refused: file.unreadable.length,
    amountUnknown: 0,
    problems,
  };
  for (const row of file.rows) {
    const planned = planRow(deps, row, sourceName, problems);
    if (!planned) {
      plan.refused++;
      continue;
    }
    if (planned.round.amount_raised === null) plan.amountUnknown++;
    plan.rounds.push(planned);
  }
  problems.sort((a, b) => a.line - b.line);
  return plan;
}

export async function importFundingCsv(
  deps: ImportDeps,
  organizationId: string,
  buffer: Buffer,
  sourceName: string,
): Promise<Omit<TFundingImportResult, 'scan_execution_id'>> {
  const plan = planFundingImport(deps, buffer, sourceName);
  const result: Omit<TFundingImportResult, 'scan_execution_id'> = {
    rows: plan.file.rows.length + plan.file.unreadable.length,
    created: 0,
    merged: 0,
    skipped: plan.refused,
    amount_unknown: plan.amountUnknown,
    encoding: plan.file.encoding,
    columns: plan.file.columns,
    headers: plan.file.headers,
    announcement_ids: [],
    problems: plan.problems,
  };
  const ids = new Set<string>();
  for (const planned of plan.rounds) {
    const stored = await upsertRound(deps.db, organizationId, {
      round: planned.round,
      title: planned.title,
      summary: null,
      url: planned.url,
      publishedAt: planned.publishedAt,
    });
    if (stored.created) result.created++;
    else result.merged++;
    ids.add(stored.id);
  }
  result.announcement_ids = [...ids];
  return result;
}

/** The amount cell of the row, whichever amount column the file has, with its currency and scale. */
function amountOf(
  cells: FundingCsvRow['cells'],
): { text: string; currency: string | null; scale: number } | null {
  if (cells.amount) return { text: cells.amount, currency: cells.currency ?? null, scale: 1 };
  if (cells.amount_usd) return { text: cells.amount_usd, currency: 'USD', scale: 1 };
  if (cells.amount_usd_millions)
    return { text: cells.amount_usd_millions, currency: 'USD', scale: 1_000_000 };
  if (cells.amount_eur_millions)
    return { text: cells.amount_eur_millions, currency: 'EUR', scale: 1_000_000 };
  return null;
}

function planRow(
  deps: Pick<ImportDeps, 'fxRates' | 'now'>,
  row: FundingCsvRow,
  sourceName: string,
  problems: Problem[],
): PlannedRound | null {
  const { cells, line } = row;
  const problem = (field: string | null, message: string) => problems.push({ line, field, message });
  const company = cells.company?.slice(0, 200);
  if (!company) {
    problem('company', 'no company name: row refused');
    return null;
  }
  // A round without its date cannot be told from the company's other rounds, and dating it on the
  // day of the import would put a 2015 round in this week's signals: the row is refused instead.
  if (!cells.date) {
    problem('date', 'no date: row refused');
    return null;
  }
  const announcedAt = readDateCell(cells.date);
  if (!announcedAt) {
    problem('date', `"${cells.date.slice(0, 40)}" is not a date (day/month/year expected): row refused`);
    return null;
  }

  let amount: number | null = null;
  let currency: string | null = null;
  const amountCell = amountOf(cells);
  if (amountCell) {
    const read = readImportAmount(amountCell.text, amountCell.scale);
    if (read.kind === 'amount') {
      amount = read.value;
      const stated = amountCell.currency?.toUpperCase() ?? null;
      currency = read.currency ?? (stated ? (CURRENCY_CODES[stated] ?? stated) : null);
      if (currency && !KNOWN_CURRENCY.test(currency)) {
        problem('currency', `"${cells.currency}" is not a currency code: amount kept without a currency`);
        currency = null;
      } else if (!currency) {
        problem('currency', 'no currency given: amount kept, not converted to EUR');
      }
      if (read.lowerBound) problem('amount', `"${amountCell.text}" is a lower bound: kept as ${amount}`);
    } else if (read.kind === 'unreadable') {
      problem('amount', `"${amountCell.text.slice(0, 40)}" is not an amount: kept with the amount unknown`);
    }
  }

  const stage = readStageCell(cells.round_type, cells.round_code);
  const place = cells.country ? findPlace(cells.country, '') : null;
  const round = roundFromFields(
    {
      company_name: company,
      round_type: stage ?? cells.round_type ?? null,
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
  const label = round.stage ?? cells.round_type ?? 'funding round';
  return {
    line,
    round,
    roundType: cells.round_type ?? null,
    title: `${company}: ${label}`.slice(0, 500),
    url,
    publishedAt: announcedAt,
  };
}
