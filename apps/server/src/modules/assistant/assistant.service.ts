import { type TChatAnswer, type TEngineStatus, TOOL_NAMES, type TToolName } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import { providerErrorIn } from '../../platform/ai/provider-error.ts';
import type { Principal } from '../../platform/auth.ts';
import type { ChatEngineKind } from './chat-rate-limit.ts';
import type { AnswerDraft, AnswerOptions, AssistantEngine, ChatQuestion } from './engine.ts';
import { fallbackNotice, fallbackReason } from './fallback.ts';
import { requireNamedIds } from './tools/named-ids.ts';

/** Names the assistant in every answer (spec 01 §3 agent_id). */
export const AGENT_ID = 'atempo-assistant';

export interface AssistantEngines {
  /** The deterministic analyst: answers when no model is configured, and when the model fails. */
  builtIn: AssistantEngine;
  /** The configured language model, if any, with its server address and whole-answer time limit. */
  model: { engine: AssistantEngine; baseUrl: string; overallTimeoutMs: number } | null;
}

export interface AssistantServiceOptions {
  db: Database;
  engines: AssistantEngines;
  /** The MCP server's port; null when it is off. */
  mcpPort: number | null;
  logger: Logger;
  now?: () => Date;
}

export type AssistantService = ReturnType<typeof createAssistantService>;

/** The tools called, in order, each once. */
function namesInOrder(draft: AnswerDraft): TToolName[] {
  return [...new Set(draft.tool_calls.map((call) => call.name))];
}

/**
 * Ask Anything: the configured model answers with the tools; when it fails (unreachable, timed
 * out, errors after its one retry, an empty answer) the built-in analyst answers instead and the
 * answer says so. The client going away aborts the work and falls back to nothing.
 */
export function createAssistantService(options: AssistantServiceOptions) {
  const { db, engines, logger } = options;
  const now = options.now ?? (() => new Date());

  return {
    /** Which limit a question counts against: a configured model's, or the built-in analyst's. */
    answeringEngine(): ChatEngineKind {
      return engines.model ? 'model' : 'built-in';
    },

    /** The deal a question names, resolved in the caller's organisation, or 404. */
    async requireSubject(principal: Principal, question: ChatQuestion): Promise<void> {
      const context = { db, organizationId: principal.organizationId, userId: principal.userId, now: now() };
      await requireNamedIds(context, { deal_id: question.deal_id });
    },

    async ask(
      principal: Principal,
      question: ChatQuestion,
      answerOptions: AnswerOptions,
    ): Promise<TChatAnswer> {
      const started = performance.now();
      const context = { db, organizationId: principal.organizationId, userId: principal.userId, now: now() };
      let draft: AnswerDraft | undefined;
      let engine = engines.builtIn.info;
      let reason: string | undefined;

      if (engines.model) {
        const { engine: model, overallTimeoutMs } = engines.model;
        try {
          draft = await model.answer(context, question, answerOptions);
          engine = model.info;
        } catch (error) {
          if (answerOptions.signal.aborted) throw error;
          reason = fallbackReason(error, overallTimeoutMs);
          logger.warn(
            { err: error, engine: model.info, address: providerErrorIn(error)?.address, reason },
            'the configured model failed; the built-in analyst answers',
          );
          answerOptions.onEvent?.({
            type: 'status',
            message: 'The model could not answer; the built-in analyst answers instead…',
          });
        }
      }
      if (!draft) draft = await engines.builtIn.answer(context, question, answerOptions);

      const answer: TChatAnswer = {
        answer:
          reason && engines.model
            ? `${draft.answer}\n\n${fallbackNotice(engines.model.engine.info, reason)}`
            : draft.answer,
        confidence: draft.confidence,
        response_type: draft.response_type,
        processing_time: Math.round(performance.now() - started) / 1000,
        citations: draft.citations,
        related_queries: draft.related_queries.slice(0, 5),
        agent_id: AGENT_ID,
        mcp_enabled: options.mcpPort !== null,
        tools_used: draft.tool_calls.length,
        tool_names_used: namesInOrder(draft),
        tools_available: [...TOOL_NAMES],
        tools_selected: draft.tools_selected,
        tool_calls: draft.tool_calls,
        engine,
      };
      if (reason) answer.fallback_reason = reason;
      if (draft.unsupported_figures?.length) answer.unsupported_figures = draft.unsupported_figures;
      return answer;
    },

    engineStatus(): TEngineStatus {
      return {
        engine: engines.model?.engine.info ?? engines.builtIn.info,
        configured: engines.model !== null,
        base_url: engines.model?.baseUrl ?? null,
        tools_available: [...TOOL_NAMES],
        mcp: { enabled: options.mcpPort !== null, port: options.mcpPort, path: '/mcp' },
      };
    },
  };
}
