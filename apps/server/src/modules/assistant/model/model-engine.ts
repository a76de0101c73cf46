import type { TEngine, TToolName } from '@atempo/contracts';
import {
  generateText,
  type LanguageModel,
  type ModelMessage,
  stepCountIs,
  streamText,
  type ToolSet,
} from 'ai';
import type { Logger } from 'pino';
import type { AnswerDraft, AnswerOptions, AssistantEngine, ChatQuestion, EngineEvent } from '../engine.ts';
import type { ToolContext } from '../tools/tool.ts';
import { checkAnswer, relatedQueries } from './answer-check.ts';
import { systemPrompt } from './system-prompt.ts';
import { modelToolSet, type ToolBox, type ToolOutcome } from './tool-box.ts';

/** Model turns per answer: enough to look up, compare and calculate; the last one must answer. */
export const MAX_STEPS = 6;
const MAX_OUTPUT_TOKENS = 1_500;

export interface ModelEngineOptions {
  /** The whole tool-calling loop's time limit (each HTTP exchange has its own, LLM_TIMEOUT_MS). */
  overallTimeoutMs: number;
  maxSteps?: number;
  logger?: Logger;
}

/** The model failed to produce an answer without any HTTP error (an empty last turn). */
export class ModelAnswerError extends Error {
  override name = 'ModelAnswerError';
}

const TOOL_STATUS: Record<TToolName, string> = {
  search_companies: 'Searching companies',
  get_deal_details: 'Reading the deal',
  analyse_portfolio: 'Analysing the portfolio',
  get_financial_metrics: 'Reading financial metrics',
  search_documents: 'Searching documents',
  get_market_intelligence: 'Reading market signals',
  calculate_metrics: 'Calculating',
  get_red_flags: 'Reading red flags',
};

function messagesOf(question: ChatQuestion): ModelMessage[] {
  const history: ModelMessage[] = question.conversation_history.map((entry) =>
    entry.role === 'user'
      ? { role: 'user', content: entry.content }
      : { role: 'assistant', content: entry.content },
  );
  return [...history, { role: 'user', content: question.query }];
}

/**
 * An AssistantEngine that lets a language model answer with the assistant's tools, in a bounded
 * loop (MAX_STEPS turns, an overall time limit; the last turn may not call tools). The answer is
 * then held to the data: figures no tool result contains are flagged and lower the confidence.
 * Provider failures are thrown; the service decides to fall back to the built-in analyst.
 */
export function createModelEngine(
  model: LanguageModel,
  info: TEngine,
  box: ToolBox,
  options: ModelEngineOptions,
): AssistantEngine {
  const maxSteps = options.maxSteps ?? MAX_STEPS;

  return {
    info,
    async answer(context: ToolContext, question: ChatQuestion, { signal, onEvent }: AnswerOptions) {
      const outcomes: ToolOutcome[] = [];
      const tools = modelToolSet(box, context, outcomes, options.logger);
      const settings = {
        model,
        system: systemPrompt(context, question),
        messages: messagesOf(question),
        tools,
        stopWhen: stepCountIs(maxSteps),
        // The last turn answers with what it has rather than asking for more tools.
        prepareStep: ({ stepNumber }: { stepNumber: number }) =>
          stepNumber >= maxSteps - 1 ? { toolChoice: 'none' as const } : undefined,
        maxRetries: 0,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        temperature: 0,
        abortSignal: AbortSignal.any([signal, AbortSignal.timeout(options.overallTimeoutMs)]),
      };
      const text = onEvent ? await streamed(settings, onEvent) : (await generateText(settings)).text;
      if (!text.trim()) throw new ModelAnswerError('the model gave no answer');

      const allowed = [question.query, ...question.conversation_history.map((entry) => entry.content)];
      const checked = checkAnswer(text.trim(), outcomes, allowed);
      const names = [...new Set(outcomes.map((outcome) => outcome.name))];
      const draft: AnswerDraft = {
        answer: checked.answer,
        confidence: checked.confidence,
        response_type: checked.response_type,
        citations: checked.citations,
        related_queries: relatedQueries(names, question.query),
        tool_calls: outcomes.map((outcome) => outcome.record),
        tools_selected: box.tools.map((offered) => offered.name),
        unsupported_figures: checked.unsupported_figures,
      };
      return draft;
    },
  };
}

/** Streams the loop: text pieces as deltas, a status per tool call; answers the last turn's text. */
async function streamed(
  settings: Parameters<typeof streamText<ToolSet>>[0],
  onEvent: (event: EngineEvent) => void,
): Promise<string> {
  const result = streamText(settings);
  let stepText = '';
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'start-step':
        stepText = '';
        break;
      case 'text-delta':
        stepText += part.text;
        onEvent({ type: 'delta', text: part.text });
        break;
      case 'tool-call':
        onEvent({ type: 'status', message: `${TOOL_STATUS[part.toolName as TToolName] ?? 'Looking up'}…` });
        break;
      case 'error':
        throw part.error;
      case 'abort':
        throw settings.abortSignal?.reason ?? new DOMException('The answer was aborted', 'AbortError');
    }
  }
  return stepText;
}
