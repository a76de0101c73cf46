import { type TChatAnswer, type TCitation, TOOL_NAMES, ZChatAnswer } from '@atempo/contracts';

export const DEAL_ID = '7a000000-0000-4000-8000-00000000a001';
export const COMPANY_ID = '7c000000-0000-4000-8000-00000000c001';
export const DOCUMENT_ID = '0d000000-0000-4000-8000-00000000d001';

export const dealCitation: TCitation = {
  source: 'Lumen Robotics — deal #12',
  relevance: 0.95,
  content_excerpt: 'ARR €8.4M; runway 14 months',
  date: '2026-10-01T09:00:00.000Z',
  target: { kind: 'deal', id: DEAL_ID, location: null },
};
export const companyCitation: TCitation = {
  source: 'Lumen Robotics',
  relevance: 0.8,
  content_excerpt: 'Robotics, United Kingdom, Series B',
  date: '2026-09-15T09:00:00.000Z',
  target: { kind: 'company', id: COMPANY_ID, location: null },
};
export const documentCitation: TCitation = {
  source: 'Board pack Q3.pdf, page 4',
  relevance: 0.7,
  content_excerpt: 'Net burn €450K a month',
  date: '2026-10-02T09:00:00.000Z',
  target: { kind: 'document', id: DOCUMENT_ID, location: 'page 4' },
};
export const calculationCitation: TCitation = {
  source: 'Calculation: runway',
  relevance: 1,
  content_excerpt: 'cash €6.3M ÷ net burn €450K = 14.0 months',
  date: null,
  target: { kind: 'calculation', id: null, location: null },
};

/** A chat answer as the server sends it, checked against the contract so the fixture cannot drift. */
export function makeChatAnswer(overrides: Partial<TChatAnswer> = {}): TChatAnswer {
  return ZChatAnswer.parse({
    answer: 'Lumen Robotics has a runway of 14.0 months (cash €6.3M, net burn €450K a month).',
    confidence: 0.85,
    response_type: 'answer',
    processing_time: 0.042,
    citations: [dealCitation, companyCitation, documentCitation, calculationCitation],
    related_queries: ['What red flags does Lumen Robotics have?', 'Size a facility for Lumen Robotics'],
    agent_id: 'built-in-analyst',
    mcp_enabled: true,
    tools_used: 2,
    tool_names_used: ['get_financial_metrics', 'calculate_metrics'],
    tools_available: [...TOOL_NAMES],
    tools_selected: ['get_financial_metrics', 'calculate_metrics'],
    tool_calls: [],
    engine: { provider: 'built-in', model: 'atempo-analyst' },
    ...overrides,
  });
}
