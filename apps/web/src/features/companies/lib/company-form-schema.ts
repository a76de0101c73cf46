import { ZCompanySourceType, ZCreateCompanyRequest } from '@atempo/contracts';
import { z } from 'zod';
import { parseAmount } from '../../../lib/amount.ts';
import { type CompanyFormValues, toCreateCompanyRequest } from './company-form.ts';

/** A money field: blank, or an amount parseAmount reads ('2.5m', '1,500,000'); else the reason why not. */
const moneyText = z.string().superRefine((text, context) => {
  const parsed = parseAmount(text);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error });
});

/**
 * The add-company form's schema: only the name is required and the money fields must read as
 * amounts; the typed values then become the request, which the contract's ZCreateCompanyRequest
 * checks as the server will.
 */
export const companyFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the company name'),
    industry: z.string(),
    headquarters_country: z.string(),
    stage: z.string(),
    website: z.string(),
    employee_count: z.string(),
    revenue: moneyText,
    revenue_growth_percent: z.string(),
    last_funding_amount: moneyText,
    total_funding: moneyText,
    founded_year: z.string(),
    ceo_name: z.string(),
    source: z.union([ZCompanySourceType, z.literal('')]),
    description: z.string(),
  } satisfies Record<keyof CompanyFormValues, z.ZodType>)
  .transform((values: CompanyFormValues) => toCreateCompanyRequest(values))
  .pipe(ZCreateCompanyRequest);
