/**
 * assessRisks: the sentences a credit analyst would write after reading the document, each with the
 * page or cell that shows it, and what to ask the company for next. Flags come from the figures found
 * (runway, churn, losses, falling revenue), from tables (negative closing cash) and from words the
 * document uses (going concern, covenant breach, customer concentration, renewal not assured).
 */
import type {
  TDocumentType,
  TFacilityTerms,
  TKeyMetric,
  TKeyMetricName,
  TSourcedText,
} from '@atempo/contracts';
import { annualRevenueOf, monthlyBurnOf } from '@atempo/scoring';
import type { ExtractedDocument } from '../types.ts';
import { passages } from './facility.ts';
import { normaliseLabel } from './metric-rules.ts';
import { clip, excerptAround, rowSource } from './source.ts';
import { documentRows } from './tables.ts';
import { detectTemplate, documentText } from './templates.ts';

export interface RiskInput {
  documentType: TDocumentType;
  keyMetrics: Partial<Record<TKeyMetricName, TKeyMetric>>;
  facilityTerms: TFacilityTerms | null;
}

export interface RiskAssessment {
  risk_flag_details: TSourcedText[];
  action_items: string[];
}

function money(m: TKeyMetric): string {
  // Say the amount as the document states it, with the converted figure after it.
  const stated = m.original
    ? `${formatAmount(m.original.value, m.original.currency)} (${formatAmount(m.value, m.currency)})`
    : formatAmount(m.value, m.currency);
  return stated;
}

function formatAmount(value: number, currency: string | null): string {
  const v = Math.abs(value);
  const cur =
    currency === 'EUR'
      ? '€'
      : currency === 'USD'
        ? '$'
        : currency === 'GBP'
          ? '£'
          : currency
            ? `${currency} `
            : '';
  const sign = value < 0 ? '-' : '';
  if (v >= 1e9) return `${sign}${cur}${(v / 1e9).toFixed(1)}bn`;
  if (v >= 1e6) return `${sign}${cur}${(v / 1e6).toFixed(1)}M`;
  if (v >= 1e3) return `${sign}${cur}${(v / 1e3).toFixed(0)}k`;
  return `${sign}${cur}${v.toFixed(0)}`;
}

function pct(v: number): string {
  return `${(v * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

function period(m: TKeyMetric): string {
  return m.period ? ` (${m.period})` : '';
}

/** Phrases in the document that a credit analyst flags, with the sentence they come from. */
const TEXT_FLAGS: Array<{ re: RegExp; say: string }> = [
  { re: /\bgoing\s+concern\b|\bsubstantial\s+doubt\b/i, say: 'The document raises going-concern doubt' },
  {
    re: /\b(?:(?:not|no\s+longer)\s+in\s+compliance\s+with\s+(?:the\s+|its\s+|our\s+|certain\s+|one\s+or\s+more\s+)?(?:financial\s+)?covenants?|breach(?:ed|es)?\s+(?:of\s+)?(?:the\s+|a\s+|its\s+)?(?:financial\s+)?covenants?|covenant\s+(?:breach|waiver|default)|waiver\s+of\s+(?:the\s+)?covenants?|event\s+of\s+default\s+(?:has\s+)?occurred)\b/i,
    say: 'A covenant breach, waiver or default is mentioned',
  },
  {
    // a share of 20 % or more for the largest customer(s); "three largest customers … 14 %" is no concentration
    re: /\b(?:largest|top\s+(?:\d+|one|two|three|five|ten))\s+customers?\b[^.]{0,80}?\b(?:[2-9]\d|100)(?:\.\d)?\s?%|\b(?:high|significant)\s+customer\s+concentration\b|\b(?:single|one)\s+customer\s+(?:accounts?\s+for|represents?)\s+(?:approximately\s+|about\s+)?(?:[2-9]\d|100)(?:\.\d)?\s?%/i,
    say: 'Revenue is concentrated on few customers',
  },
  {
    re: /\b(?:no\s+assurances?|cannot\s+assure|can\s+be\s+no\s+assurances?|not\s+assured|may\s+not\s+(?:be\s+able\s+to\s+)?(?:renew|extend|refinance))\b[^.]{0,120}?\b(?:renew|extend|refinanc|replace)\w*/i,
    say: 'Renewal or refinancing of the borrowing is not assured',
  },
  {
    re: /\bidentified\s+(?:a\s+)?material\s+weakness|\bmaterial\s+weakness(?:es)?\s+(?:was|were|has\s+been|have\s+been)\s+identified/i,
    say: 'A material weakness in internal control is reported',
  },
  {
    re: /\b(?:qualified\s+opinion|adverse\s+opinion|disclaimer\s+of\s+opinion)\b/i,
    say: "The auditor's opinion is qualified",
  },
];

/** A deck's forecasts are no facts to flag: only actual figures raise a risk. */
function actualsOnly(metrics: RiskInput['keyMetrics']): RiskInput['keyMetrics'] {
  return Object.fromEntries(Object.entries(metrics).filter(([, m]) => m?.kind !== 'projection'));
}

export function assessRisks(doc: ExtractedDocument, input: RiskInput): RiskAssessment {
  const flags: TSourcedText[] = [];
  const m = actualsOnly(input.keyMetrics);
  const template = detectTemplate(doc).isTemplate;

  if (m.runway_months && m.runway_months.value < 12) {
    flags.push({
      text: `Runway is ${m.runway_months.value} months, under 12 months.`,
      source: m.runway_months.source,
    });
  }
  if (m.cash && m.cash.value < 0) {
    flags.push({ text: `Cash is negative: ${money(m.cash)}${period(m.cash)}.`, source: m.cash.source });
  }
  if (m.net_income && m.net_income.value < 0) {
    flags.push({
      text: `Net loss of ${money({ ...m.net_income, value: -m.net_income.value, original: m.net_income.original && { ...m.net_income.original, value: -m.net_income.original.value } })}${period(m.net_income)}.`,
      source: m.net_income.source,
    });
  }
  if (m.ebitda && m.ebitda.value < 0) {
    flags.push({
      text: `EBITDA is negative: ${money(m.ebitda)}${period(m.ebitda)}.`,
      source: m.ebitda.source,
    });
  }
  if (m.monthly_churn && m.monthly_churn.value > 0.03) {
    flags.push({
      text: `Monthly churn of ${pct(m.monthly_churn.value)} is high (above 3%).`,
      source: m.monthly_churn.source,
    });
  }
  if (m.net_revenue_retention && m.net_revenue_retention.value < 0.9) {
    flags.push({
      text: `Net revenue retention is ${pct(m.net_revenue_retention.value)}, below 90%.`,
      source: m.net_revenue_retention.source,
    });
  }
  if (m.revenue_growth && m.revenue_growth.value < 0) {
    flags.push({
      text: `Revenue is declining: ${pct(m.revenue_growth.value)}${period(m.revenue_growth)}.`,
      source: m.revenue_growth.source,
    });
  }
  const burn = m.net_burn ? monthlyBurnOf(m.net_burn) : null;
  if (m.net_burn && m.cash && m.cash.value > 0 && !m.runway_months && burn?.value && burn.value > 0) {
    const months = m.cash.value / burn.value;
    // A total over a period is shown with the monthly figure it gives ("€400k a month (€4.8M over FY2024)").
    const rate =
      burn.months === 1
        ? `${money(m.net_burn)} a month`
        : `${formatAmount(burn.value, m.net_burn.currency)} a month (${money(m.net_burn)} over ${m.net_burn.period ?? `${burn.months} months`})`;
    if (months < 12) {
      flags.push({
        text: `Cash of ${money(m.cash)} covers about ${months.toFixed(1)} months of net burn at ${rate}, under 12 months.`,
        source: m.net_burn.source,
      });
    }
  }
  if (!template) {
    flags.push(...negativeClosingCash(doc, input.documentType === 'pitch_deck'));
    const seen = new Set<string>();
    for (const p of passages(doc, input.documentType === 'pitch_deck')) {
      if (p.text.length > 700) continue;
      for (const f of TEXT_FLAGS) {
        const hit = f.re.exec(p.text);
        if (seen.has(f.say) || !hit) continue;
        // "no going concern doubt" / "in compliance" are reassurances, not flags
        if (
          /\bno\s+(?:substantial\s+)?doubt\b|\bwere\s+in\s+compliance\b|\bis\s+in\s+compliance\b/i.test(
            p.text,
          ) &&
          !/not\s+in\s+compliance/i.test(p.text)
        )
          continue;
        seen.add(f.say);
        const excerpt = clip(p.text);
        flags.push({
          text: `${f.say}: "${excerptAround(p.text, hit.index, hit[0].length)}"`,
          source: p.source(excerpt),
        });
      }
    }
  }

  return { risk_flag_details: flags.slice(0, 20), action_items: actionItems(doc, input, template) };
}

/** Cash-flow rows ("Closing cash balance") that go below zero in any period. */
function negativeClosingCash(doc: ExtractedDocument, slides: boolean): TSourcedText[] {
  for (const row of documentRows(doc)) {
    const label = normaliseLabel(row.label);
    if (
      !/^(?:closing|ending|end of (?:period|month))\s+(?:cash|bank)(?:\s+balance)?$|^cash (?:at|balance at) (?:the )?end of (?:the )?(?:period|month)$/.test(
        label,
      )
    )
      continue;
    const negatives = row.values.filter((v) => v.amount.value < 0);
    if (negatives.length === 0) continue;
    const worst = negatives.reduce((a, b) => (b.amount.value < a.amount.value ? b : a));
    const when = negatives.map((v) => v.period?.label).filter(Boolean);
    const text = `Closing cash goes negative (lowest ${worst.text.trim()}${when.length ? ` in ${when.join(', ')}` : ''}) with no financing shown to cover it.`;
    return [{ text, source: rowSource(row, worst.cell, slides) }];
  }
  return [];
}

function actionItems(doc: ExtractedDocument, input: RiskInput, template: boolean): string[] {
  const text = documentText(doc, 300_000);
  const items: string[] = [];
  const m = input.keyMetrics;
  const t = input.documentType;
  if (template) {
    items.push('This is a template or blank form: ask for the completed, signed version.');
    return items;
  }
  const monthlyAccounts =
    /management\s+accounts|monthly\s+(?:p\s?&\s?l|accounts|financials|reporting|results)/i.test(text);
  if ((t === 'pitch_deck' || t === 'board_report' || t === 'financial_model') && !monthlyAccounts) {
    items.push('Request the last 12 months of monthly management accounts (P&L, balance sheet, cash flow).');
  }
  if (
    (t === 'pitch_deck' || t === 'term_sheet' || t === 'board_report') &&
    !/\bcap(?:italisation|italization)?\s+table\b|\bcap\s+table\b/i.test(text)
  ) {
    items.push('Request the current cap table (fully diluted).');
  }
  if (
    (t === 'term_sheet' || t === 'legal_agreement') &&
    input.facilityTerms &&
    input.facilityTerms.covenants.length === 0
  ) {
    items.push(
      'Covenant terms are absent: ask for the financial covenants (minimum cash, revenue or leverage tests).',
    );
  }
  if (t === 'term_sheet' || t === 'legal_agreement') {
    const terms = input.facilityTerms?.terms ?? {};
    const missing = [
      !terms.facility_amount && 'facility amount',
      !terms.interest_rate && !terms.margin_over_base && 'interest rate',
      !terms.maturity_months && 'maturity',
    ].filter(Boolean);
    if (missing.length > 0 && input.facilityTerms)
      items.push(`Confirm the ${missing.join(', ')} of the facility; the document does not state them.`);
  }
  if (
    (t === 'financial_statements' || t === 'pitch_deck' || t === 'board_report' || t === 'financial_model') &&
    !/\baudit(?:ed|or'?s?\s+report|ors?)\b/i.test(text)
  ) {
    items.push('Request the latest audited annual accounts.');
  }
  if (t !== 'term_sheet' && t !== 'legal_agreement' && t !== 'other') {
    if (!m.cash) items.push('Ask for the current cash balance.');
    const monthlyBurn = m.net_burn ? monthlyBurnOf(m.net_burn).value : null;
    if (monthlyBurn === null && !m.runway_months && (t === 'pitch_deck' || t === 'board_report'))
      items.push('Ask for monthly net burn and runway.');
    // A quarter's or a month's revenue annualised is only a run rate; one of unknown months says nothing.
    const yearOfRevenue = m.revenue
      ? annualRevenueOf({ ...m.revenue, name: 'revenue' }).months === 12
      : false;
    if (!yearOfRevenue && !m.arr && !m.mrr) items.push('Ask for revenue (or ARR) for the last 12 months.');
    if (!m.total_debt)
      items.push('Ask for existing debt: lenders, amounts outstanding, maturities and security.');
  }
  if (m.customers === undefined && t === 'pitch_deck')
    items.push('Ask for the customer list with revenue per customer (concentration).');
  return items;
}
