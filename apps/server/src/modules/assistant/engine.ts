import type { TCitation, TEngine, TToolCallRecord, TToolName, ZChatQueryRequest } from '@atempo/contracts';
import type { z } from 'zod';
import type { ToolContext } from './tools/tool.ts';

/** A question as the route validated it (history and include_context defaulted). */
export type ChatQuestion = z.infer<typeof ZChatQueryRequest>;

/** What an engine answers; the service adds timing, the engine name and the tool lists. */
export interface AnswerDraft {
  answer: string;
  confidence: number;
  response_type: 'answer' | 'no_data' | 'clarification';
  citations: TCitation[];
  related_queries: string[];
  tool_calls: TToolCallRecord[];
  tools_selected: TToolName[];
  /** Figures of a model's answer found in no tool result. */
  unsupported_figures?: string[];
}

/** Progress an engine reports while it works, for the streaming route. */
export type EngineEvent = { type: 'status'; message: string } | { type: 'delta'; text: string };

export interface AnswerOptions {
  /** Aborted when the client goes away or the time allowed runs out. */
  signal: AbortSignal;
  onEvent?: (event: EngineEvent) => void;
}

/**
 * Something that answers questions with the assistant's tools: the built-in analyst (rules over
 * the tools, no network) or a language model in a tool-calling loop.
 */
export interface AssistantEngine {
  info: TEngine;
  answer(context: ToolContext, question: ChatQuestion, options: AnswerOptions): Promise<AnswerDraft>;
}
