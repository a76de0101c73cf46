/**
 * Metrics from tables (PDF layout lines and sheet rows): a row whose label names the metric; the
 * number of the latest actual period column is taken, scaled by the header's "in thousands /
 * millions"; revenue growth from the revenue row itself; total debt from a lone borrowing line.
 */
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { type Candidate, latestValue, round, valueFor } from './metric-candidate.ts';
import { type MetricRule, normaliseLabel, SECTION_PATTERNS, STATEMENT_TITLE } from './metric-rules.ts';
import { flowMonthsCovered, rowMonthsCovered } from './months-covered.ts';
import { rowSource } from './source.ts';
import type { TableRow } from './tables.ts';

const NON_NEGATIVE: ReadonlySet<TKeyMetricName> = new Set([
  'revenue',
  'arr',
  'mrr',
  'cash',
  'customers',
  'headcount',
  'total_debt',
]);

export function fromRow(
  rule: MetricRule,
  row: TableRow,
  label: string,
  slides: boolean,
  order: number,
): Candidate | null {
  if (rule.exclude?.test(label)) return null;
  // A label starting in lower case continues the line above ("… deposits from customers(a)").
  if (row.kind === 'page' && /^[a-z]/.test(row.label.trim())) return null;
  // Counts are not read from tables stated in thousands or millions of money.
  if (rule.unit === 'count' && row.scale !== null && row.scale > 1) return null;
  let labelScore = 0;
  for (const l of rule.labels) if (l.re.test(label) && l.score > labelScore) labelScore = l.score;
  if (labelScore === 0) return null;
  const v = latestValue(row.values);
  if (!v) return null;
  const labelHasPercent = /%|percent/.test(label) || /margin|retention|churn|growth/.test(label);
  let value = valueFor(rule, v.amount, row.scale, labelHasPercent);
  if (value === null) return null;
  if (rule.name === 'net_income' && /^net loss\b/.test(label) && value > 0 && !/income/.test(label))
    value = -value;
  if (rule.absolute) value = Math.abs(value);
  // Revenue, cash, counts and recurring revenue are never negative: such a row is a segment or an adjustment.
  if (value < 0 && NON_NEGATIVE.has(rule.name) && !(rule.name === 'cash' && /closing|end of/.test(label)))
    return null;
  if (rule.name === 'monthly_churn' && !/monthly/.test(label) && v.period?.months !== 1) return null;
  // The statement's own page or sheet beats a summary table elsewhere that repeats the figure.
  const inSection = rule.section?.test(row.heading) ?? false;
  // Summaries and analyses repeat a statement's lines; segment and average tables look like them.
  const summaryTable =
    /\b(?:selected|summary|highlights|history|discussion|overview|average|segments?|quarterly\s+results)\b|\b(?:financial|operations|statements?|income\s+statement|balance\s+sheet)\s+data\b/i.test(
      row.heading,
    );
  const sectionBonus = inSection
    ? (STATEMENT_TITLE.test(row.heading) && !summaryTable ? 30 : 15) + (row.statementPage ? 10 : 0)
    : 0;
  // Rows with change columns ("$ 10,482  25 %") are comparison tables of a discussion, not the statement.
  const comparison =
    rule.unit === 'currency' &&
    (/\d\s?%/.test(row.line) || row.values.some((o) => o.period === null)) &&
    row.values.length > 1
      ? 10
      : 0;
  const score = 50 + labelScore * 10 + sectionBonus - comparison + (v.period ? 5 : 0);
  const monthsCovered = flowMonthsCovered(rule.name, () => rowMonthsCovered(label, v.period));
  const metric: TKeyMetric = {
    value,
    unit: rule.unit,
    currency: rule.unit === 'currency' ? (v.amount.currency ?? row.currency) : null,
    period: v.period?.label ?? (/\bmonthly\b|\bmrr\b/.test(label) ? 'monthly' : null),
    ...(monthsCovered !== undefined ? { months_covered: monthsCovered } : {}),
    source: rowSource(row, v.cell, slides),
  };
  const c: Candidate = { name: rule.name, metric, score, order };
  if (rule.name === 'revenue' && v.period) {
    const prev = row.values.find(
      (o) =>
        o !== v &&
        o.period &&
        !o.period.forecast &&
        o.period.months === v.period?.months &&
        Math.abs((v.period?.endKey ?? 0) - o.period.endKey - 10000) <= 100,
    );
    const prevValue = prev ? valueFor(rule, prev.amount, row.scale, false) : null;
    if (prev?.period && prevValue !== null) c.previous = { value: prevValue, period: prev.period };
    c.latestPeriod = v.period;
  }
  return c;
}

/** Revenue growth from the revenue row itself: this period against the same period a year earlier. */
export function growthFrom(revenue: Candidate): Candidate | null {
  if (!revenue.previous || !revenue.latestPeriod || revenue.previous.value <= 0) return null;
  const latest = revenue.metric.original?.value ?? revenue.metric.value;
  const value = Number((latest / revenue.previous.value - 1).toFixed(4));
  return {
    name: 'revenue_growth',
    metric: {
      value,
      unit: 'fraction',
      currency: null,
      period: `${revenue.latestPeriod.label} vs ${revenue.previous.period.label}`,
      source: revenue.metric.source,
    },
    score: 40,
    order: revenue.order,
  };
}

const DEBT_ROW =
  /^(?:line of credit|lines of credit|revolving (?:credit )?(?:facility|loan)|borrowings?|bank (?:loans?|borrowings)|term loans?|notes payable|debt|loans and borrowings|senior (?:secured )?notes)$/;
const DEBT_WORD =
  /\b(?:debt|borrowings?|line of credit|bank loans?|loans? payable|notes payable|term loan|credit facility|senior notes)\b/;
const NOT_DEBT =
  /receivable|issuance|costs|interest|investments?|securities|forgiveness|ratio|%|equity|convertible preferred|assets/;

/**
 * A balance sheet with exactly one borrowing line (e.g. "Line of credit") states the total debt. With
 * two or more (current and long-term portions) the total would be a sum we do not print, so none.
 */
export function singleDebtRow(rows: TableRow[], slides: boolean): Candidate | null {
  const byStatement = new Map<string, TableRow[]>();
  let runStart = -10;
  let lastPage = -10;
  for (const r of rows) {
    if (!SECTION_PATTERNS.BALANCE.test(r.heading)) continue;
    // A balance sheet printed over two pages is one statement.
    if (r.kind === 'page' && (r.page ?? 0) > lastPage + 1) runStart = r.page ?? 0;
    if (r.kind === 'page') lastPage = r.page ?? 0;
    const key = r.kind === 'page' ? `p${runStart}` : `s${r.sheet}`;
    const list = byStatement.get(key) ?? [];
    list.push(r);
    byStatement.set(key, list);
  }
  for (const list of byStatement.values()) {
    const debtRows = list.filter((r) => {
      const l = normaliseLabel(r.label);
      return DEBT_WORD.test(l) && !NOT_DEBT.test(l);
    });
    if (debtRows.length !== 1) continue;
    const row = debtRows[0] as TableRow;
    if (!DEBT_ROW.test(normaliseLabel(row.label))) continue;
    const v = latestValue(row.values);
    if (!v || v.amount.percent) continue;
    const value = round(Math.abs(v.amount.value * (v.amount.scale === null ? (row.scale ?? 1) : 1)));
    return {
      name: 'total_debt',
      metric: {
        value,
        unit: 'currency',
        currency: v.amount.currency ?? row.currency,
        period: v.period?.label ?? null,
        source: rowSource(row, v.cell, slides),
      },
      score: 60,
      order: 0,
    };
  }
  return null;
}
