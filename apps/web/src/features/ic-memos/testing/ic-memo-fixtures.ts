import type { TIcMemo, TIcMemoVersionsResponse } from '@atempo/contracts';

export const DOCUMENT_ID = '0d000000-0000-4000-8000-00000000d0c1';

/** A memo as GET /ic-memos/{id} answers it: cited figures, a table, a missing section. */
export function makeIcMemo(dealId: string, overrides: Partial<TIcMemo> = {}): TIcMemo {
  const version = overrides.version ?? 1;
  return {
    id: `1c000000-0000-4000-8000-00000000000${version}`,
    deal_id: dealId,
    company_name: 'Lumen Robotics',
    version,
    content: {
      executive_summary: `Version ${version}. Lumen asks for **€5.0M** [^2]. ARR reached €12.4M [^1].`,
      company_overview: 'Lumen Robotics builds warehouse robots.',
      market_opportunity: 'Not in the data: no market sizing was uploaded.',
      competitive_landscape: '',
      product_technology: '- Picker arm\n- Fleet software',
      team_assessment: '',
      financial_analysis:
        '| Metric | Value |\n|---|---:|\n| ARR | €12.4M [^1] |\n| Gross margin | 71% [^1] |',
      risk_assessment: '1. **Concentration**: top customer not broken out.',
      deal_terms: '- **Facility amount:** €5,000,000 [^2]\n- **Interest:** 11.5%',
      recommendation: '**Proceed** <script>alert(1)</script>',
    },
    formatted_markdown: '# IC memo',
    footnotes: [
      {
        n: 1,
        source: 'Lumen board pack.pdf, page 4',
        relevance: 1,
        content_excerpt: 'ARR €12.4M; gross margin 71%',
        date: '2026-10-02T09:00:00.000Z',
        target: { kind: 'document', id: DOCUMENT_ID, location: 'page 4' },
      },
      {
        n: 2,
        source: 'Lumen Robotics, deal #3',
        relevance: 1,
        content_excerpt: 'Amount requested €5,000,000',
        date: null,
        target: { kind: 'deal', id: dealId, location: null },
      },
    ],
    metadata: {
      generated_by: 'Built-in analyst',
      generation_time_seconds: 0.4,
      engine: { provider: 'built-in', model: 'built-in analyst' },
      data_gaps: ['No market sizing was uploaded.'],
      terms_are_proposal: true,
    },
    created_at: `2026-11-2${version}T08:30:00.000Z`,
    created_by: null,
    ...overrides,
  };
}

export function versionsOf(...memos: TIcMemo[]): TIcMemoVersionsResponse {
  return {
    ic_memos: memos
      .slice()
      .sort((a, b) => b.version - a.version)
      .map((memo) => ({
        id: memo.id,
        version: memo.version,
        created_at: memo.created_at,
        created_by: memo.created_by,
        generated_by: memo.metadata.generated_by,
      })),
  };
}
