import type {
  TDealIntelligence,
  TDealUpdatesResponse,
  TDocumentAnalysis,
  TDocumentListItem,
  TDocumentUploadResponse,
  TKeyMetric,
  TWorkflowStatus,
} from '@atempo/contracts';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

const AT = '2025-06-02T10:00:00.000Z';

export function makeMetric(overrides: Partial<TKeyMetric> = {}): TKeyMetric {
  return {
    value: 8_400_000,
    unit: 'currency',
    currency: 'EUR',
    period: 'FY2024',
    source: { kind: 'page', page: 3, label: 'page 3', excerpt: 'ARR reached €8.4m at the end of FY2024' },
    ...overrides,
  };
}

export function makeAnalysis(overrides: Partial<TDocumentAnalysis> = {}): TDocumentAnalysis {
  return {
    document_id: nextId('d0'),
    filename: 'deck.pdf',
    file_size: 52_000,
    document_type: 'pitch_deck',
    confidence_score: 0.87,
    content_summary: 'Lumen builds warehouse robots. ARR grew to €8.4m.',
    key_metrics: { arr: makeMetric() },
    risk_flags: ['Runway of 9 months is below 12 months.'],
    risk_flag_details: [
      {
        text: 'Runway of 9 months is below 12 months.',
        source: { kind: 'page', page: 5, label: 'page 5', excerpt: 'We have 9 months of runway' },
      },
    ],
    action_items: ['Ask for monthly management accounts.'],
    facility_terms: null,
    suggested_folder: 'Pitch decks',
    notices: [],
    page_count: 6,
    engine: { provider: 'built-in', model: 'rules-1' },
    processed_at: AT,
    created_by: 'Ada Lovelace',
    ...overrides,
  };
}

export function makeListItem(overrides: Partial<TDocumentListItem> = {}): TDocumentListItem {
  const id = overrides.id ?? nextId('d1');
  return {
    id,
    name: 'Lumen pitch deck.pdf',
    size: 52_224,
    type: 'pdf',
    status: 'completed',
    error: null,
    deal_id: null,
    company_id: null,
    company_names: ['Lumen Robotics'],
    created_at: AT,
    created_by: 'Ada Lovelace',
    modified_at: AT,
    processed_at: AT,
    url: `/api/v1/documents/${id}/download`,
    analysis: {
      document_type: 'pitch_deck',
      confidence_score: 0.87,
      content_summary: 'Lumen builds warehouse robots.',
      key_metrics: { arr: makeMetric() },
      risk_flags: ['Runway of 9 months is below 12 months.'],
      risk_flag_count: 1,
    },
    ...overrides,
  };
}

export function makeUploadResponse(
  overrides: Partial<TDocumentUploadResponse> = {},
): TDocumentUploadResponse {
  return {
    document_id: nextId('d2'),
    execution_id: nextId('e0'),
    status: 'processing',
    filename: 'deck.pdf',
    file_size: 1000,
    deduplicated: false,
    ...overrides,
  };
}

export function makeWorkflowStatus(overrides: Partial<TWorkflowStatus> = {}): TWorkflowStatus {
  return {
    execution_id: nextId('e1'),
    workflow_type: 'document_processing',
    status: 'running',
    stage: 'extracting',
    progress: 20,
    subject_id: null,
    error: null,
    steps: [],
    result: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

type DealKeyMetrics = TDealIntelligence['document_intelligence']['key_metrics'];

export function makeIntelligence(
  dealId: string,
  overrides: Partial<TDealIntelligence['document_intelligence']> = {},
  company = 'Lumen Robotics',
): TDealIntelligence {
  return {
    deal_id: dealId,
    company_name: company,
    document_intelligence: {
      documents: [],
      documents_analysed: 0,
      key_metrics: {},
      risk_flags: [],
      action_items: [],
      facility_terms: null,
      summary: null,
      ...overrides,
    },
  };
}

/** Deal-level metrics: each with the document it came from. */
export function dealMetrics(
  metrics: Partial<Record<keyof DealKeyMetrics, Partial<TKeyMetric>>>,
  document = { document_id: '0d000000-0000-4000-8000-000000000001', document_name: 'Lumen pitch deck.pdf' },
): DealKeyMetrics {
  return Object.fromEntries(
    Object.entries(metrics).map(([name, metric]) => [name, { ...makeMetric(metric), ...document }]),
  ) as DealKeyMetrics;
}

export function makeUpdates(
  dealId: string,
  updates: TDealUpdatesResponse['updates'] = [],
): TDealUpdatesResponse {
  return { deal_id: dealId, since: null, updates };
}
