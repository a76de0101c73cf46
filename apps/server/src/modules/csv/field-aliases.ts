/**
 * Our import fields and the source column headers that name them: forgiving of the names Affinity
 * and spreadsheet exports use. Matching a header to a field is column-mapping.ts.
 */

export type Kind =
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
