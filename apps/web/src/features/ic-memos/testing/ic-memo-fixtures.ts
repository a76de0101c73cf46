import type { TGroqIcMemoResponse, TIcMemo, TIcMemoVersionsResponse, TIcPackage } from '@atempo/contracts';

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

/** GET /deals/{id}/ic-memos as the server answers the versions picker's page. */
export function versionsOf(...memos: TIcMemo[]): TIcMemoVersionsResponse {
  return {
    total: memos.length,
    limit: 100,
    offset: 0,
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

/** POST /ic-memos/generate-groq/{dealId} with a model configured: the memo it stored. */
export function fastGeneratorAnswer(memo: TIcMemo): TGroqIcMemoResponse {
  return {
    status: 'success',
    error: null,
    deal_id: memo.deal_id,
    company_name: memo.company_name,
    memo: {
      id: memo.id,
      version: memo.version,
      sections: memo.content,
      formatted_markdown: memo.formatted_markdown,
      footnotes: memo.footnotes,
      metadata: memo.metadata,
    },
    timestamp: memo.created_at,
  };
}

/** The 503 the fast generator answers on a server with no language model. */
export function notConfiguredAnswer(dealId: string, companyName = 'Lumen Robotics') {
  const error =
    'not_configured: no language model is configured on this server (LLM_PROVIDER=built-in); generate the memo with the built-in analyst instead';
  return {
    status: 'error',
    error,
    detail: error,
    code: 'LLM_NOT_CONFIGURED',
    deal_id: dealId,
    company_name: companyName,
    memo: null,
    timestamp: '2026-11-24T08:30:00.000Z',
  };
}

/** POST /smolagent-ic-preparation/generate: the IC package of the memo it stored. */
export function agentPackageOf(memo: TIcMemo): TIcPackage {
  return {
    memo_id: memo.id,
    version: memo.version,
    deal_id: memo.deal_id,
    company_name: memo.company_name,
    executive_summary: memo.content.executive_summary ?? '',
    investment_recommendation: { decision: 'proceed', rationale: memo.content.recommendation ?? '' },
    deal_terms: {
      facility_amount: 5_000_000,
      facility_range: null,
      is_proposal: false,
      summary: memo.content.deal_terms ?? '',
    },
    financial_analysis: { revenue_forecast: null, debt_capacity: null, summary: '' },
    risk_assessment: {
      overall_risk_rating: 'Moderate Risk',
      red_flag_score: 4,
      key_concerns: [],
      summary: '',
    },
    data_gaps: memo.metadata.data_gaps,
    formatted_markdown: memo.formatted_markdown,
    footnotes: memo.footnotes,
    generated_by: memo.metadata.generated_by,
    generation_time_seconds: memo.metadata.generation_time_seconds,
  };
}
