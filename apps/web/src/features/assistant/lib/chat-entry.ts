import {
  CHAT_HISTORY_MAX,
  type TChatQueryRequest,
  type TCitation,
  type TEngine,
  type TToolName,
} from '@atempo/contracts';

/** Spec 01 §8 chat failure texts. */
export const CHAT_ERROR_TEXT =
  'I encountered an error processing your query. Please try rephrasing your question or contact support if the issue persists.';
export const NO_RESPONSE_TEXT = 'No response received';

/** The server's response types, plus the client's own for a failed call (spec 01 §4 chat entry). */
export type ResponseType = 'answer' | 'no_data' | 'clarification' | 'error';

/** What one answer shows, whatever shape the reply had. */
export interface ChatAnswerView {
  answer: string;
  confidence: number;
  responseType: ResponseType;
  /** Seconds; null when the reply did not say. */
  processingTime: number | null;
  citations: TCitation[];
  relatedQueries: string[];
  toolsUsed: number;
  toolNamesUsed: TToolName[];
  engine: TEngine | null;
  fallbackReason: string | null;
  unsupportedFigures: string[];
}

/** Spec 01 §4: loading, then answered, or error. */
export type ChatEntry =
  | { id: number; question: string; status: 'pending' }
  | { id: number; question: string; status: 'answered' | 'error'; view: ChatAnswerView };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const RESPONSE_TYPES: readonly string[] = ['answer', 'no_data', 'clarification'];

/**
 * Reads a chat reply as spec 01 §3 describes it: the text under `answer` (or `response` or
 * `message`), the time under `processing_time` (or `metadata.response_time_seconds`). A reply
 * without any text shows 'No response received' (§8) rather than an empty bubble.
 */
export function readChatAnswer(reply: unknown): ChatAnswerView {
  const body = isRecord(reply) ? reply : {};
  const text = [body.answer, body.response, body.message].find((value) => typeof value === 'string');
  const metadata = isRecord(body.metadata) ? body.metadata : {};
  const engine = isRecord(body.engine) ? (body.engine as unknown as TEngine) : null;
  const confidence = asNumber(body.confidence) ?? 0;
  return {
    answer: typeof text === 'string' && text.trim() !== '' ? text : NO_RESPONSE_TEXT,
    confidence: Math.min(1, Math.max(0, confidence)),
    responseType: RESPONSE_TYPES.includes(String(body.response_type))
      ? (body.response_type as ResponseType)
      : 'answer',
    processingTime: asNumber(body.processing_time) ?? asNumber(metadata.response_time_seconds),
    citations: asArray<TCitation>(body.citations),
    relatedQueries: asArray<unknown>(body.related_queries).filter(
      (query): query is string => typeof query === 'string',
    ),
    toolsUsed: asNumber(body.tools_used) ?? asArray(body.tool_names_used).length,
    toolNamesUsed: asArray<TToolName>(body.tool_names_used),
    engine,
    fallbackReason: typeof body.fallback_reason === 'string' ? body.fallback_reason : null,
    unsupportedFigures: asArray<unknown>(body.unsupported_figures).filter(
      (figure): figure is string => typeof figure === 'string',
    ),
  };
}

/** The answer of a failed call (spec 01 §4, §8): the error text, confidence 0, response type error. */
export function errorAnswer(): ChatAnswerView {
  return {
    answer: CHAT_ERROR_TEXT,
    confidence: 0,
    responseType: 'error',
    processingTime: null,
    citations: [],
    relatedQueries: [],
    toolsUsed: 0,
    toolNamesUsed: [],
    engine: null,
    fallbackReason: null,
    unsupportedFigures: [],
  };
}

/**
 * The body of POST /llm-chat/query (spec 01 §7): the question, include_context true, the last 5
 * earlier questions as {role user, content}, and the deal when the card has deal context.
 * `earlier` is oldest first.
 */
export function chatRequest(
  question: string,
  earlier: readonly string[],
  dealId?: string,
): TChatQueryRequest {
  return {
    query: question.trim(),
    include_context: true,
    conversation_history: earlier
      .slice(-CHAT_HISTORY_MAX)
      .map((content) => ({ role: 'user' as const, content })),
    ...(dealId ? { deal_id: dealId } : {}),
  };
}

/** Spec 01 §2: 0.8 and above green, 0.6 and above yellow, otherwise red. */
export type ConfidenceTone = 'green' | 'yellow' | 'red';
export function confidenceTone(confidence: number): ConfidenceTone {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'red';
}

export const formatConfidence = (confidence: number) => `${Math.round(confidence * 100)}%`;

export const RESPONSE_TYPE_LABELS: Record<ResponseType, string> = {
  answer: 'Answered from your data',
  no_data: 'Not in the data',
  clarification: 'Needs clarification',
  error: 'Error',
};

/** Seconds as a person reads them: milliseconds below one second. */
export function formatProcessingTime(seconds: number | null): string {
  if (seconds === null) return 'Not reported';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  return `${seconds.toFixed(1)} s`;
}

const PROVIDER_LABELS: Record<TEngine['provider'], string> = {
  'built-in': 'Built-in analyst',
  'openai-compatible': 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

/** "Built-in analyst", or the configured provider and its model. */
export function engineName(engine: TEngine): string {
  if (engine.provider === 'built-in') return PROVIDER_LABELS['built-in'];
  return `${PROVIDER_LABELS[engine.provider]} · ${engine.model}`;
}
