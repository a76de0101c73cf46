import type { COMPANY_SOURCE_TYPES, TCreateCompanyRequest } from '@atempo/contracts';
import { parseAmount } from '../../../lib/amount.ts';

export type CompanySourceType = (typeof COMPANY_SOURCE_TYPES)[number];

/** The add-company form as typed: every field is text until submitted. */
export interface CompanyFormValues {
  name: string;
  industry: string;
  headquarters_country: string;
  stage: string;
  website: string;
  employee_count: string;
  revenue: string;
  /** Entered as a percent (85 means 85 %); sent as a fraction. */
  revenue_growth_percent: string;
  last_funding_amount: string;
  total_funding: string;
  founded_year: string;
  ceo_name: string;
  source: CompanySourceType | '';
  description: string;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: '',
  industry: '',
  headquarters_country: '',
  stage: '',
  website: '',
  employee_count: '',
  revenue: '',
  revenue_growth_percent: '',
  last_funding_amount: '',
  total_funding: '',
  founded_year: '',
  ceo_name: '',
  source: '',
  description: '',
};

/**
 * A typed number, tolerant of thousands separators and spaces ('1,500,000'); undefined when
 * blank or not a number, so the field is simply left out.
 */
export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s,_]/g, '');
  if (cleaned === '') return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

export function parseWholeNumber(text: string): number | undefined {
  const value = parseNumber(text);
  return value === undefined ? undefined : Math.trunc(value);
}

/** '85' (percent) → 0.85; rounding keeps 14 % from becoming 0.14000000000000001. */
export function percentToFraction(text: string): number | undefined {
  const percent = parseNumber(text);
  return percent === undefined ? undefined : Math.round(percent * 1e6) / 1e8;
}

/** The money fields of the form, read with the shared amount parser ('2.5m', '1,500,000'). */
export const COMPANY_MONEY_FIELDS = ['revenue', 'last_funding_amount', 'total_funding'] as const;

/** The POST /companies body: trimmed texts, parsed numbers, blanks left out. */
export function toCreateCompanyRequest(values: CompanyFormValues): TCreateCompanyRequest {
  const body: TCreateCompanyRequest = { name: values.name.trim() };
  const texts = ['industry', 'headquarters_country', 'stage', 'website', 'ceo_name', 'description'] as const;
  for (const key of texts) {
    const text = values[key].trim();
    if (text) body[key] = text;
  }
  for (const key of COMPANY_MONEY_FIELDS) {
    const parsed = parseAmount(values[key]);
    if (!parsed.ok) throw new Error(`${key}: ${parsed.error}`);
    if (parsed.value !== null) body[key] = parsed.value;
  }
  const employees = parseWholeNumber(values.employee_count);
  if (employees !== undefined) body.employee_count = employees;
  const founded = parseWholeNumber(values.founded_year);
  if (founded !== undefined) body.founded_year = founded;
  const growth = percentToFraction(values.revenue_growth_percent);
  if (growth !== undefined) body.revenue_growth = growth;
  if (values.source) body.source = values.source;
  return body;
}
