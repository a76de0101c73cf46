import { z } from 'zod';
import { ZCitation, ZToolName } from './assistant-tools.ts';

/** Ask Anything (spec 01 §3 chat answer, §4 chat entry, §5, §7 chat). */

export const CHAT_QUERY_MAX_CHARS = 2000;
/** The client sends its last 5 questions (spec 01 §7). */
export const CHAT_HISTORY_MAX = 5;

export const ZChatHistoryEntry = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_QUERY_MAX_CHARS * 4),
});

/** POST /llm-chat/query and /llm-chat/query/stream. A blank question is a 422. */
export const ZChatQueryRequest = z.object({
  query: z
    .string()
    .trim()
    .min(1, { message: 'Ask a question' })
    .max(CHAT_QUERY_MAX_CHARS, { message: `must be at most ${CHAT_QUERY_MAX_CHARS} characters` }),
  include_context: z.boolean().default(true),
  conversation_history: z
    .array(ZChatHistoryEntry)
    .max(CHAT_HISTORY_MAX * 2)
    .default([]),
  /** With deal context (the deal side panel, the intelligence page): questions are about this deal. */
  deal_id: z.uuid().optional(),
});
export type TChatQueryRequest = z.input<typeof ZChatQueryRequest>;

/** The AI engine that produced an answer or a document analysis. */
export const AI_PROVIDERS = ['built-in', 'openai-compatible', 'anthropic'] as const;
export const ZEngine = z.object({ provider: z.enum(AI_PROVIDERS), model: z.string() });
export type TEngine = z.infer<typeof ZEngine>;

/**
 * How the answer relates to the data: answered from it; declined because the data does not hold
 * it (the answer says what to upload or ask); or the question was not understood.
 */
export const RESPONSE_TYPES = ['answer', 'no_data', 'clarification'] as const;

/** A tool the engine called, with its input and whether it succeeded. */
export const ZToolCallRecord = z.object({
  name: ZToolName,
  input: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  /** Milliseconds the tool took. */
  duration_ms: z.number(),
});
export type TToolCallRecord = z.infer<typeof ZToolCallRecord>;

/** Spec 01 §3 chat answer, plus the engine and, when the built-in analyst stood in, why. */
export const ZChatAnswer = z.object({
  answer: z.string(),
  /** 0–1: how well the question was matched and how complete the data was. */
  confidence: z.number().min(0).max(1),
  response_type: z.enum(RESPONSE_TYPES),
  /** Seconds, server side. */
  processing_time: z.number(),
  citations: z.array(ZCitation),
  related_queries: z.array(z.string()).max(5),
  agent_id: z.string(),
  mcp_enabled: z.boolean(),
  /** Number of tool calls made. */
  tools_used: z.number().int(),
  /** The tools called, in order, each once. */
  tool_names_used: z.array(ZToolName),
  tools_available: z.array(ZToolName),
  /** The tools the engine chose for this question (the router's choice, or those the model was offered). */
  tools_selected: z.array(ZToolName),
  tool_calls: z.array(ZToolCallRecord),
  engine: ZEngine,
  /** Set when a configured model failed and the built-in analyst answered instead. */
  fallback_reason: z.string().optional(),
  /** Figures in a model's answer that no tool result contains (the answer is flagged, confidence lowered). */
  unsupported_figures: z.array(z.string()).optional(),
});
export type TChatAnswer = z.infer<typeof ZChatAnswer>;

/**
 * Server-sent events of POST /llm-chat/query/stream: `status` while tools run, `delta` pieces of
 * the answer text, then exactly one `answer` (the full ZChatAnswer) or one `error` ({detail, code}).
 */
export const CHAT_STREAM_EVENTS = ['status', 'delta', 'answer', 'error'] as const;

/** GET /llm-chat/engine: which engine answers (shown to organisation admins). */
export const ZEngineStatus = z.object({
  engine: ZEngine,
  configured: z.boolean(),
  /** The configured provider's address without credentials, for admins; null for the built-in analyst. */
  base_url: z.string().nullable(),
  tools_available: z.array(ZToolName),
  mcp: z.object({ enabled: z.boolean(), port: z.number().int().nullable(), path: z.literal('/mcp') }),
});
export type TEngineStatus = z.infer<typeof ZEngineStatus>;
