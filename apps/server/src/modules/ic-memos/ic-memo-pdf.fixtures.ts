import type { TIcMemoFootnote, TIcMemoSection } from '@atempo/contracts';
import { type Database, icMemos } from '@atempo/db';

/**
 * A memo as the generator stores it (sections with `[^n]` citation markers, footnotes, metadata),
 * for the PDF and email tests, the bench and browser checks. Figures and sources are consistent:
 * every marker has its footnote.
 */

const DOC_ID = '5b0e7c7a-2d0b-4a53-9d7e-3f1f7e0c9a11';

export function realisticFootnotes(dealId: string): TIcMemoFootnote[] {
  const doc = (n: number, location: string, excerpt: string): TIcMemoFootnote => ({
    n,
    source: `Northwind board pack Q3.pdf, ${location}`,
    relevance: 1,
    content_excerpt: excerpt,
    date: '2026-10-02T09:00:00.000Z',
    target: { kind: 'document', id: DOC_ID, location },
  });
  return [
    doc(1, 'page 4', 'ARR of €12.4M at 30 September 2026'),
    doc(2, 'page 5', 'Gross margin 78%'),
    doc(3, 'page 7', 'Net burn £410k per month; cash £6.2M'),
    {
      n: 4,
      source: 'Northwind Analytics, deal #7',
      relevance: 1,
      content_excerpt: 'Amount requested €5,000,000',
      date: '2026-11-01T10:00:00.000Z',
      target: { kind: 'deal', id: dealId, location: null },
    },
    {
      n: 5,
      source: 'Calculation: runway',
      relevance: 0.9,
      content_excerpt: 'Cash £6.2M / net burn £410k = 15.1 months',
      date: null,
      target: { kind: 'calculation', id: null, location: null },
    },
  ];
}

export function realisticSections(): Record<TIcMemoSection, string> {
  return {
    executive_summary:
      'Northwind Analytics asks for a **€5.0M** growth facility [^4]. ARR reached **€12.4M** [^1] with a gross margin of 78% [^2].\n\nWe recommend proceeding, subject to the covenants below.',
    company_overview: 'Northwind Analytics builds supply-chain forecasting software for European grocers.',
    market_opportunity: 'Not in the data: no market sizing was uploaded for this deal.',
    competitive_landscape: 'Not in the data: no competitor analysis was uploaded.',
    product_technology: '- Forecasting engine\n- Replenishment planner\n- *Beta*: supplier portal',
    team_assessment: 'Not in the data: no management bios were uploaded.',
    financial_analysis: [
      '### Key metrics',
      '',
      '| Metric | Value | Source |',
      '|---|---:|---|',
      '| ARR | €12.4M | [^1] |',
      '| Gross margin | 78% | [^2] |',
      '| Net burn (monthly) | £410k | [^3] |',
      '| Cash | £6.2M | [^3] |',
      '| Runway | 15.1 months | [^5] |',
      '',
      'Burn is covered for **15.1 months** at the current rate [^5].',
    ].join('\n'),
    risk_assessment:
      '1. **Customer concentration**: the top three customers are not broken out in the data.\n2. **Currency**: costs in £, revenue in € [^3].',
    deal_terms: [
      '- **Facility amount:** €5,000,000 [^4]',
      '- **Tranches:** €3.0M at close, €2.0M on reaching €15M ARR',
      '- **Interest:** 11.5% fixed',
      '- **Interest-only period:** 12 months',
      '- **Amortisation:** 24 months straight-line',
      '- **Warrants:** 8% coverage',
      '- **Fees:** 1.0% arrangement',
      '- **Covenants:** minimum cash £2.0M',
    ].join('\n'),
    recommendation: '**Proceed** with the facility as proposed [^4].',
  };
}

export async function insertMemo(
  db: Database,
  values: {
    organizationId: string;
    dealId: string;
    version?: number;
    companyName?: string;
    sections?: Partial<Record<TIcMemoSection, string>>;
    footnotes?: TIcMemoFootnote[];
    termsAreProposal?: boolean;
  },
): Promise<string> {
  const sections = values.sections ?? realisticSections();
  const [row] = await db
    .insert(icMemos)
    .values({
      organizationId: values.organizationId,
      dealId: values.dealId,
      version: values.version ?? 1,
      companyName: values.companyName ?? 'Northwind Analytics',
      content: sections,
      formattedMarkdown: Object.values(sections).join('\n\n'),
      footnotes: values.footnotes ?? realisticFootnotes(values.dealId),
      metadata: {
        generated_by: 'Built-in analyst',
        generation_time_seconds: 0.4,
        engine: { provider: 'built-in', model: 'built-in analyst' },
        data_gaps: [],
        terms_are_proposal: values.termsAreProposal ?? false,
      },
      createdAt: new Date('2026-11-20T08:30:00.000Z'),
    })
    .returning({ id: icMemos.id });
  return row!.id;
}
