/**
 * Source column headers → our fields, forgiving of case, spaces, punctuation and the names
 * Affinity and spreadsheet exports use; and cell text → the values our contracts expect.
 */

import { AMOUNT_SCALE_WORDS } from '@atempo/contracts';

type Kind =
  | 'text'
  | 'amount'
  | 'fraction'
  | 'integer'
  | 'deal_stage'
  | 'source_type'
  | 'deal_type'
  | 'timestamp';

export interface FieldSpec {
  /** Dotted path in the request (financial_metrics.revenue). */
  field: string;
  kind: Kind;
  aliases: string[];
}

export type ImportKind = 'deals' | 'companies';

const metric = (name: string, kind: Kind, aliases: string[]): FieldSpec => ({
  field: `financial_metrics.${name}`,
  kind,
  aliases: [name, ...aliases],
});

export const DEAL_FIELDS: FieldSpec[] = [
  /** Names an existing deal to update; never written (numbers are the organisation's own). */
  { field: 'deal_number', kind: 'integer', aliases: ['deal_number', 'deal number', 'deal no'] },
  {
    field: 'company_name',
    kind: 'text',
    aliases: [
      'company_name',
      'company',
      'organization name',
      'organisation name',
      'organization',
      'organisation',
      'name',
      'startup',
      'account',
    ],
  },
  {
    field: 'amount_requested',
    kind: 'amount',
    aliases: [
      'amount_requested',
      'amount',
      'amount requested',
      'deal size',
      'raise amount',
      'ticket',
      'ticket size',
      'deal amount',
      'requested amount',
      'loan amount',
      'facility size',
    ],
  },
  {
    field: 'stage',
    kind: 'deal_stage',
    aliases: ['stage', 'status', 'deal stage', 'pipeline stage', 'list status'],
  },
  {
    field: 'source_type',
    kind: 'source_type',
    aliases: ['source_type', 'source', 'source type', 'deal source'],
  },
  {
    field: 'source_name',
    kind: 'text',
    aliases: [
      'source_name',
      'source name',
      'referrer',
      'referred by',
      'introducer',
      'source of introduction',
      'introduced by',
    ],
  },
  { field: 'sector', kind: 'text', aliases: ['sector', 'industry', 'industries', 'vertical'] },
  {
    field: 'geography',
    kind: 'text',
    aliases: [
      'geography',
      'country',
      'location',
      'hq',
      'headquarters',
      'organization location',
      'region',
      'headquarters country',
    ],
  },
  {
    field: 'deal_type',
    kind: 'deal_type',
    aliases: ['deal_type', 'deal type', 'type', 'instrument', 'product'],
  },
  { field: 'description', kind: 'text', aliases: ['description', 'notes', 'note', 'summary', 'comments'] },
  {
    field: 'last_interaction',
    kind: 'timestamp',
    aliases: [
      'last_interaction',
      'last interaction',
      'last contact',
      'last email',
      'last meeting',
      'last interaction date',
    ],
  },
  metric('revenue', 'amount', ['revenue', 'annual revenue', 'revenue eur', 'turnover']),
  metric('arr', 'amount', ['arr', 'annual recurring revenue']),
  metric('revenue_growth', 'fraction', ['revenue growth', 'growth', 'yoy growth', 'growth rate']),
  metric('gross_margin', 'fraction', ['gross margin', 'gm']),
  metric('monthly_burn', 'amount', ['monthly burn', 'burn', 'burn rate', 'net burn']),
  metric('cash', 'amount', ['cash', 'cash balance', 'cash on hand']),
  metric('runway_months', 'amount', ['runway', 'runway months', 'runway (months)']),
  metric('employee_count', 'integer', ['employees', 'employee count', 'headcount']),
];

export const COMPANY_FIELDS: FieldSpec[] = [
  {
    field: 'name',
    kind: 'text',
    aliases: [
      'name',
      'company',
      'company name',
      'organization name',
      'organisation name',
      'organization',
      'organisation',
    ],
  },
  { field: 'industry', kind: 'text', aliases: ['industry', 'sector', 'industries', 'vertical'] },
  {
    field: 'headquarters_country',
    kind: 'text',
    aliases: [
      'headquarters_country',
      'country',
      'headquarters',
      'location',
      'hq',
      'hq country',
      'organization location',
    ],
  },
  { field: 'stage', kind: 'text', aliases: ['stage', 'funding stage', 'last funding round', 'round'] },
  { field: 'revenue', kind: 'amount', aliases: ['revenue', 'annual revenue', 'turnover'] },
  {
    field: 'revenue_growth',
    kind: 'fraction',
    aliases: ['revenue_growth', 'revenue growth', 'growth', 'yoy growth'],
  },
  {
    field: 'employee_count',
    kind: 'integer',
    aliases: ['employee_count', 'employees', 'employee count', 'headcount', 'number of employees'],
  },
  { field: 'website', kind: 'text', aliases: ['website', 'domain', 'url', 'organization website', 'web'] },
  { field: 'description', kind: 'text', aliases: ['description', 'notes', 'summary', 'about'] },
  {
    field: 'last_funding_amount',
    kind: 'amount',
    aliases: ['last_funding_amount', 'last funding amount', 'last round amount', 'last funding'],
  },
  {
    field: 'total_funding',
    kind: 'amount',
    aliases: ['total_funding', 'total funding', 'total raised', 'funding total'],
  },
  {
    field: 'founded_year',
    kind: 'integer',
    aliases: ['founded_year', 'founded', 'founded year', 'year founded'],
  },
  { field: 'ceo_name', kind: 'text', aliases: ['ceo_name', 'ceo', 'ceo name', 'founder', 'founders'] },
];

export const FIELDS_OF: Record<ImportKind, FieldSpec[]> = { deals: DEAL_FIELDS, companies: COMPANY_FIELDS };
/** The column an import cannot do without. */
export const REQUIRED_FIELD: Record<ImportKind, string> = { deals: 'company_name', companies: 'name' };

export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ColumnMapping {
  /** Index of the column → its field, for recognised columns. */
  byIndex: Map<number, FieldSpec>;
  columns: Record<string, string>;
  ignored: string[];
}

/** Maps each header to a field; a field's first column wins, later ones are ignored. */
export function mapColumns(headers: string[], kind: ImportKind): ColumnMapping {
  const lookup = new Map<string, FieldSpec>();
  for (const spec of FIELDS_OF[kind]) {
    for (const alias of spec.aliases) {
      const key = normalizeHeader(alias);
      if (!lookup.has(key)) lookup.set(key, spec);
    }
  }
  const byIndex = new Map<number, FieldSpec>();
  const used = new Set<string>();
  const columns: Record<string, string> = {};
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    const spec = lookup.get(normalizeHeader(header));
    if (!spec || used.has(spec.field)) {
      if (header.trim() !== '') ignored.push(header);
      return;
    }
    used.add(spec.field);
    byIndex.set(index, spec);
    columns[header] = spec.field;
  });
  return { byIndex, columns, ignored };
}

const labelKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const DEAL_STAGE_LABELS: Record<string, string> = {
  lead: 'lead',
  leads: 'lead',
  new: 'lead',
  sourced: 'lead',
  sourcing: 'lead',
  prospect: 'lead',
  inbound: 'lead',
  qualified: 'qualified',
  qualification: 'qualified',
  screening: 'qualified',
  contacted: 'qualified',
  firstmeeting: 'qualified',
  intro: 'qualified',
  duediligence: 'due_diligence',
  dd: 'due_diligence',
  diligence: 'due_diligence',
  indiligence: 'due_diligence',
  icreview: 'ic_review',
  ic: 'ic_review',
  investmentcommittee: 'ic_review',
  committee: 'ic_review',
  icapproval: 'ic_review',
  termsheet: 'term_sheet',
  ts: 'term_sheet',
  termsheetissued: 'term_sheet',
  termsheetsigned: 'term_sheet',
  legaldocs: 'legal_docs',
  legal: 'legal_docs',
  legaldocumentation: 'legal_docs',
  documentation: 'legal_docs',
  closing: 'legal_docs',
  closed: 'closed',
  won: 'closed',
  closedwon: 'closed',
  funded: 'closed',
  invested: 'closed',
  portfolio: 'closed',
  done: 'closed',
  rejected: 'rejected',
  passed: 'rejected',
  pass: 'rejected',
  declined: 'rejected',
  lost: 'rejected',
  closedlost: 'rejected',
  dead: 'rejected',
};

const SOURCE_TYPE_LABELS: Record<string, string> = {
  direct: 'direct',
  outbound: 'direct',
  tier1vc: 'tier1_vc',
  tier1: 'tier1_vc',
  tieronevc: 'tier1_vc',
  tier2vc: 'tier2_vc',
  tier2: 'tier2_vc',
  tiertwovc: 'tier2_vc',
  vc: 'tier2_vc',
  referral: 'referral',
  referred: 'referral',
  intro: 'referral',
  introduction: 'referral',
  warmintro: 'referral',
  inbound: 'inbound',
  website: 'inbound',
  web: 'inbound',
  conference: 'conference',
  event: 'conference',
  events: 'conference',
};

const DEAL_TYPE_LABELS: Record<string, string> = {
  venturedebt: 'venture_debt',
  debt: 'venture_debt',
  termloan: 'venture_debt',
  vd: 'venture_debt',
  revenuebasedfinancing: 'revenue_based_financing',
  rbf: 'revenue_based_financing',
  revenuebased: 'revenue_based_financing',
  convertibledebt: 'convertible_debt',
  convertible: 'convertible_debt',
  convertiblenote: 'convertible_debt',
  cln: 'convertible_debt',
  growthequity: 'growth_equity',
  equity: 'growth_equity',
};

const MULTIPLIERS: Readonly<Record<string, number>> = { '': 1, ...AMOUNT_SCALE_WORDS };

/** '€5M', '5,000,000', '$2.5m', '750k', '1.2bn', '1.234.567,89', '(1,000)' → a number; undefined when not one. */
export function parseNumber(raw: string): number | undefined {
  let text = raw.trim().toLowerCase().replace(/\s+/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  text = text.replace(/^(eur|usd|gbp|chf|[€$£])|(eur|usd|gbp|chf|[€$£])$/g, '');
  if (text.startsWith('-')) {
    sign = -sign;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  text = text.replace(/^(eur|usd|gbp|chf|[€$£])/, '');
  const match = /^([\d.,]+)([a-z]*)$/.exec(text);
  if (!match) return undefined;
  const multiplier = MULTIPLIERS[match[2]!];
  if (multiplier === undefined) return undefined;
  let digits = match[1]!;
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the later one is the decimal mark.
    digits = lastComma > lastDot ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  } else if (lastComma >= 0) {
    digits = /^\d{1,3}(,\d{3})+$/.test(digits) ? digits.replace(/,/g, '') : digits.replace(',', '.');
  } else if ((digits.match(/\./g) ?? []).length > 1) {
    digits = digits.replace(/\./g, '');
  }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(digits)) return undefined;
  return sign * Number(digits) * multiplier;
}

/** '45%' → 0.45, '0.45' → 0.45 (a plain number is taken as a fraction already). */
export function parseFraction(raw: string): number | undefined {
  const text = raw.trim();
  if (text.endsWith('%')) {
    const value = parseNumber(text.slice(0, -1));
    return value === undefined ? undefined : Math.round(value * 1e6) / 1e8;
  }
  return parseNumber(text);
}

function parseTimestamp(raw: string): string {
  const text = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    return text.replace(' ', 'T');
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** A cell's value for its field; text the parsers cannot read is passed on for validation to reject. */
export function parseCell(raw: string, kind: Kind): unknown {
  // Undo the quote our export puts before text a spreadsheet would run as a formula.
  const text = /^'[=+\-@]/.test(raw) ? raw.slice(1) : raw;
  switch (kind) {
    case 'text':
      return text.trim();
    case 'amount':
      return parseNumber(text) ?? text;
    case 'fraction':
      return parseFraction(text) ?? text;
    case 'integer': {
      const value = parseNumber(text);
      return value === undefined ? text : value;
    }
    case 'deal_stage':
      return DEAL_STAGE_LABELS[labelKey(text)] ?? text.trim();
    case 'source_type':
      return SOURCE_TYPE_LABELS[labelKey(text)] ?? text.trim();
    case 'deal_type':
      return DEAL_TYPE_LABELS[labelKey(text)] ?? text.trim();
    case 'timestamp':
      return parseTimestamp(text);
  }
}

/** One record's cells → a request-shaped object (empty cells left out). */
export function rowToInput(cells: string[], mapping: ColumnMapping): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [index, spec] of mapping.byIndex) {
    const raw = cells[index];
    if (raw === undefined || raw.trim() === '') continue;
    const value = parseCell(raw, spec.kind);
    const [head, tail] = spec.field.split('.') as [string, string | undefined];
    if (tail) {
      const nested = (data[head] ?? {}) as Record<string, unknown>;
      nested[tail] = value;
      data[head] = nested;
    } else data[head] = value;
  }
  return data;
}
