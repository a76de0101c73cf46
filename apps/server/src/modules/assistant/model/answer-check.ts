import type { TCitation, TToolName } from '@atempo/contracts';
import { figuresIn, findUnsupportedFigures } from '../../../platform/ai/figure-check.ts';
import { NO_DATA_PHRASE } from './system-prompt.ts';
import type { ToolOutcome } from './tool-box.ts';

export const MAX_CITATIONS = 8;

/** Confidence of a model answer: high when it rests on tool results, red when a figure is unverified. */
export const CONFIDENCE = {
  answeredFromTools: 0.85,
  declined: 0.7,
  withoutTools: 0.4,
  /** Ceiling when a figure is in no tool result: the badge turns red (< 0.6). */
  unsupportedFigures: 0.35,
} as const;

const citationsOf = (output: unknown): TCitation[] =>
  output && typeof output === 'object' && Array.isArray((output as { citations?: unknown }).citations)
    ? ((output as { citations: TCitation[] }).citations ?? [])
    : [];

/** "Acme Ltd — deal #12" → "acme ltd": the name a sentence would use for the source. */
function sourceName(citation: TCitation): string {
  return (citation.source.split(/ — | - |, /)[0] ?? '').trim().toLowerCase();
}

/**
 * The citations of the tool results the answer actually rests on: those whose excerpt holds a
 * figure the answer states, or whose source the answer names. When the answer uses none in a way
 * we can see (a qualitative answer), every citation of the successful calls stands behind it.
 */
export function citationsUsed(answer: string, outcomes: ToolOutcome[]): TCitation[] {
  const seen = new Set<string>();
  const all: TCitation[] = [];
  for (const outcome of outcomes) {
    if (!outcome.record.ok) continue;
    for (const citation of citationsOf(outcome.output)) {
      const key = `${citation.source}\u0000${citation.content_excerpt}`;
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(citation);
    }
  }
  const lower = answer.toLowerCase();
  const figureCount = new Set(figuresIn(answer).map((figure) => figure.text)).size;
  const used = all.filter((citation) => {
    const name = sourceName(citation);
    if (name.length >= 3 && lower.includes(name)) return true;
    return figureCount > 0 && findUnsupportedFigures(answer, [citation]).length < figureCount;
  });
  return (used.length > 0 ? used : all).slice(0, MAX_CITATIONS);
}

export function isDeclined(answer: string): boolean {
  return (
    answer.toLowerCase().includes(NO_DATA_PHRASE.toLowerCase()) ||
    /\b(?:is|are) not in the data\b|\bthe data (?:does not|doesn't) (?:hold|contain|include)\b/i.test(answer)
  );
}

/** The warning appended to an answer whose figures the tools did not return. */
export function unsupportedFiguresNote(figures: string[]): string {
  return `⚠ Unverified figures: ${figures.join(', ')}. They appear in none of the data the assistant looked up; check them before relying on them.`;
}

export interface CheckedAnswer {
  answer: string;
  confidence: number;
  response_type: 'answer' | 'no_data';
  citations: TCitation[];
  unsupported_figures: string[];
}

/**
 * Holds a model's answer to the data: figures no tool result contains are listed, flagged in the
 * answer's text and lower the confidence; the citations are those of the results used.
 */
export function checkAnswer(text: string, outcomes: ToolOutcome[], allowed: string[]): CheckedAnswer {
  const outputs = outcomes.filter((outcome) => outcome.record.ok).map((outcome) => outcome.output);
  const unsupported = findUnsupportedFigures(text, outputs, allowed);
  const declined = isDeclined(text);
  let confidence: number =
    outputs.length === 0
      ? CONFIDENCE.withoutTools
      : declined
        ? CONFIDENCE.declined
        : CONFIDENCE.answeredFromTools;
  if (unsupported.length > 0) confidence = Math.min(confidence, CONFIDENCE.unsupportedFigures);
  return {
    answer: unsupported.length > 0 ? `${text}\n\n${unsupportedFiguresNote(unsupported)}` : text,
    confidence,
    response_type: declined ? 'no_data' : 'answer',
    citations: citationsUsed(text, outcomes),
    unsupported_figures: unsupported,
  };
}

/** Follow-up questions matching the tools the model used. */
const FOLLOW_UPS: Record<TToolName, string> = {
  search_companies: 'Which companies have we not spoken to in 60 days?',
  get_deal_details: 'What documents are missing for this deal?',
  analyse_portfolio: 'What is the total pipeline by stage?',
  get_financial_metrics: "What is this company's runway?",
  search_documents: 'What do the latest board packs say about cash?',
  get_market_intelligence: 'What funding rounds were announced in our sectors this month?',
  calculate_metrics: 'Size a facility for this company',
  get_red_flags: 'Which deals in due diligence have critical red flags?',
};

export function relatedQueries(toolsUsed: TToolName[], question: string): string[] {
  const asked = question.trim().toLowerCase();
  const suggestions = toolsUsed.map((name) => FOLLOW_UPS[name]).filter((q) => q.toLowerCase() !== asked);
  return [...new Set(suggestions)].slice(0, 3);
}
