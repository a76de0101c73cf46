import { describe, expect, it } from 'vitest';
import {
  type CompanyFormValues,
  EMPTY_COMPANY_FORM,
  parseNumber,
  parseWholeNumber,
  percentToFraction,
  toCreateCompanyRequest,
} from './company-form.ts';
import { companyFormSchema } from './company-form-schema.ts';

describe('add-company form parsing', () => {
  it('turns the growth percent into a fraction', () => {
    expect(percentToFraction('85')).toBe(0.85);
    expect(percentToFraction('14')).toBe(0.14);
    expect(percentToFraction('-12.5')).toBe(-0.125);
    expect(percentToFraction('')).toBeUndefined();
  });

  it('reads numbers with separators and leaves out what is not a number', () => {
    expect(parseNumber('1,500,000')).toBe(1_500_000);
    expect(parseNumber(' 2 500 ')).toBe(2500);
    expect(parseNumber('abc')).toBeUndefined();
    expect(parseWholeNumber('120.7')).toBe(120);
  });

  it('sends the name, the parsed numbers and the filled-in texts only', () => {
    const body = toCreateCompanyRequest({
      ...EMPTY_COMPANY_FORM,
      name: '  Acme Robotics ',
      industry: 'Robotics',
      revenue: '12000000',
      revenue_growth_percent: '85',
      employee_count: '140',
      founded_year: '2015',
      total_funding: '2.5m',
      last_funding_amount: '1,500,000',
      source: 'referral',
    });
    expect(body).toEqual({
      name: 'Acme Robotics',
      industry: 'Robotics',
      revenue: 12_000_000,
      revenue_growth: 0.85,
      employee_count: 140,
      founded_year: 2015,
      total_funding: 2_500_000,
      last_funding_amount: 1_500_000,
      source: 'referral',
    });
  });

  it('names the money fields that hold something other than an amount', () => {
    expect(
      formProblems({ ...EMPTY_COMPANY_FORM, name: 'Acme', revenue: 'lots', total_funding: '-5' }),
    ).toEqual({
      revenue: expect.stringMatching(/Not an amount/),
      total_funding: 'The amount cannot be negative',
    });
    expect(formProblems({ ...EMPTY_COMPANY_FORM, name: 'Acme', revenue: '12m' })).toEqual({});
  });

  it('requires a name, and sends what the contract accepts', () => {
    expect(formProblems({ ...EMPTY_COMPANY_FORM, name: '   ' })).toEqual({ name: 'Enter the company name' });
    expect(companyFormSchema.parse({ ...EMPTY_COMPANY_FORM, name: ' Acme ', revenue: '12m' })).toEqual({
      name: 'Acme',
      revenue: 12_000_000,
    });
  });
});

/** The schema's problems by field, as the form shows them. */
function formProblems(values: CompanyFormValues): Record<string, string> {
  const result = companyFormSchema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}
