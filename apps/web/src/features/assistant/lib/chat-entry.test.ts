import { describe, expect, it } from 'vitest';
import {
  calculationCitation,
  companyCitation,
  DEAL_ID,
  dealCitation,
  documentCitation,
  makeChatAnswer,
} from '../testing/chat-fixtures.ts';
import {
  CHAT_ERROR_TEXT,
  chatRequest,
  confidenceTone,
  engineName,
  errorAnswer,
  formatConfidence,
  formatProcessingTime,
  NO_RESPONSE_TEXT,
  readChatAnswer,
} from './chat-entry.ts';
import { citationTarget } from './citation-target.ts';
import { DEAL_PROMPTS, PORTFOLIO_PROMPTS, suggestedPrompts } from './suggested-prompts.ts';

describe('reading a chat reply (spec 01 §3)', () => {
  it('reads every field of the contract answer', () => {
    const view = readChatAnswer(makeChatAnswer({ fallback_reason: 'provider unreachable' }));
    expect(view.answer).toContain('14.0 months');
    expect(view.confidence).toBe(0.85);
    expect(view.responseType).toBe('answer');
    expect(view.processingTime).toBe(0.042);
    expect(view.citations).toHaveLength(4);
    expect(view.toolsUsed).toBe(2);
    expect(view.toolNamesUsed).toEqual(['get_financial_metrics', 'calculate_metrics']);
    expect(view.engine).toEqual({ provider: 'built-in', model: 'atempo-analyst' });
    expect(view.fallbackReason).toBe('provider unreachable');
  });

  it('takes the text from response or message, and the time from metadata', () => {
    expect(readChatAnswer({ response: 'From response' }).answer).toBe('From response');
    expect(readChatAnswer({ message: 'From message' }).answer).toBe('From message');
    expect(readChatAnswer({ metadata: { response_time_seconds: 1.5 } }).processingTime).toBe(1.5);
  });

  it("shows 'No response received' for a reply without an answer", () => {
    expect(readChatAnswer({ confidence: 0.9 }).answer).toBe(NO_RESPONSE_TEXT);
    expect(readChatAnswer(null).answer).toBe('No response received');
    expect(readChatAnswer({ answer: '   ' }).answer).toBe('No response received');
  });

  it('the error entry has the spec text, confidence 0 and response type error', () => {
    expect(errorAnswer()).toMatchObject({
      answer:
        'I encountered an error processing your query. Please try rephrasing your question or contact support if the issue persists.',
      confidence: 0,
      responseType: 'error',
    });
    expect(CHAT_ERROR_TEXT).toBe(errorAnswer().answer);
  });
});

describe('the chat request (spec 01 §7)', () => {
  it('sends the trimmed question, include_context true and at most the last 5 earlier questions', () => {
    const earlier = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
    expect(chatRequest('  What is the runway?  ', earlier)).toEqual({
      query: 'What is the runway?',
      include_context: true,
      conversation_history: ['q2', 'q3', 'q4', 'q5', 'q6'].map((content) => ({ role: 'user', content })),
    });
  });

  it('names the deal with deal context', () => {
    expect(chatRequest('Red flags?', [], DEAL_ID)).toEqual({
      query: 'Red flags?',
      include_context: true,
      conversation_history: [],
      deal_id: DEAL_ID,
    });
  });
});

describe('confidence and details', () => {
  it.each([
    [1, 'green'],
    [0.8, 'green'],
    [0.7999, 'yellow'],
    [0.6, 'yellow'],
    [0.5999, 'red'],
    [0, 'red'],
  ] as const)('%s is %s', (confidence, tone) => {
    expect(confidenceTone(confidence)).toBe(tone);
  });

  it('formats confidence as a percentage and time in ms or s', () => {
    expect(formatConfidence(0.854)).toBe('85%');
    expect(formatProcessingTime(0.042)).toBe('42 ms');
    expect(formatProcessingTime(2.345)).toBe('2.3 s');
    expect(formatProcessingTime(null)).toBe('Not reported');
  });

  it('names the engine', () => {
    expect(engineName({ provider: 'built-in', model: 'atempo-analyst' })).toBe('Built-in analyst');
    expect(engineName({ provider: 'anthropic', model: 'claude-sonnet-4' })).toBe(
      'Anthropic · claude-sonnet-4',
    );
    expect(engineName({ provider: 'openai-compatible', model: 'llama3.1' })).toBe(
      'OpenAI-compatible · llama3.1',
    );
  });
});

describe('citation targets', () => {
  it('links deals to their page and companies to theirs; documents open; calculations do not link', () => {
    expect(citationTarget(dealCitation)).toEqual({
      kind: 'page',
      to: `/deals/${DEAL_ID}/intelligence`,
      label: 'Open deal',
    });
    expect(citationTarget(companyCitation)).toMatchObject({
      kind: 'page',
      to: `/companies/${companyCitation.target.id}`,
    });
    expect(citationTarget(documentCitation)).toEqual({
      kind: 'document',
      documentId: documentCitation.target.id,
    });
    expect(citationTarget(calculationCitation)).toEqual({ kind: 'none' });
    expect(
      citationTarget({ ...dealCitation, target: { kind: 'portfolio', id: null, location: null } }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('opens signals and funding announcements on the Intelligence page, with web source articles only', () => {
    const signal = {
      ...dealCitation,
      target: {
        kind: 'signal' as const,
        id: dealCitation.target.id,
        location: null,
        url: 'https://news.example/a',
      },
    };
    expect(citationTarget(signal)).toEqual({
      kind: 'page',
      to: '/intelligence',
      label: 'Open Intelligence',
      articleUrl: 'https://news.example/a',
    });
    const round = {
      ...signal,
      target: { ...signal.target, kind: 'funding_announcement' as const, url: null },
    };
    expect(citationTarget(round)).toEqual({ kind: 'page', to: '/intelligence', label: 'Open Intelligence' });
    const hostile = { ...signal, target: { ...signal.target, url: 'javascript:alert(1)' } };
    expect(citationTarget(hostile)).toEqual({
      kind: 'page',
      to: '/intelligence',
      label: 'Open Intelligence',
    });
  });
});

describe('suggested prompts (spec 01 §9: 3)', () => {
  it('offers 3 portfolio prompts without deal context and 3 deal prompts with it', () => {
    expect(suggestedPrompts(false)).toHaveLength(3);
    expect(suggestedPrompts(true)).toEqual(DEAL_PROMPTS);
    expect(suggestedPrompts(true, new Date('2026-11-24T00:00:00Z'))).toEqual(DEAL_PROMPTS);
  });

  it("keeps the spec's four portfolio subjects, three a day, each offered within two days", () => {
    expect(PORTFOLIO_PROMPTS).toEqual([
      'Which companies are growing revenue fastest?',
      'Which deals raised red flags this quarter?',
      'What are the latest fintech funding trends?',
      'Compare our Series B and Series C deals on size, gross margin and burn',
    ]);
    const days = [20, 21, 22, 23].map((d) => suggestedPrompts(false, new Date(`2026-11-${d}T12:00:00Z`)));
    for (const shown of days) {
      expect(shown).toHaveLength(3);
      expect(new Set(shown).size).toBe(3);
    }
    expect(new Set(days.flat())).toEqual(new Set(PORTFOLIO_PROMPTS));
    // Revenue growth and red flags are offered every day; the other two take turns.
    for (const shown of days) expect(shown.slice(0, 2)).toEqual(PORTFOLIO_PROMPTS.slice(0, 2));
    expect(new Set(days.map((shown) => shown[2])).size).toBe(2);
    // The same all day long, and another the next day.
    expect(suggestedPrompts(false, new Date('2026-11-23T00:00:01Z'))).toEqual(
      suggestedPrompts(false, new Date('2026-11-23T23:59:59Z')),
    );
    expect(days[0]).not.toEqual(days[1]);
  });
});
