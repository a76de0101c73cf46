import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { createConfiguredModel } from '../../platform/ai/language-model.ts';
import type { ProviderFetchOptions } from '../../platform/ai/provider-fetch.ts';
import type { AssistantEngines } from './assistant.service.ts';
import type { AssistantEngine } from './engine.ts';
import { createModelEngine } from './model/model-engine.ts';
import type { ToolBox } from './model/tool-box.ts';

/**
 * A whole answer may take two model calls' time limits: a tool-calling loop makes several short
 * calls, and one slow call alone already falls back at LLM_TIMEOUT_MS.
 */
export const OVERALL_TIMEOUT_FACTOR = 2;

export interface AssistantEngineParts {
  builtIn: AssistantEngine;
  tools: ToolBox;
  logger: Logger;
  /** The provider layer's retry waits (tests shorten them). */
  retry?: Pick<ProviderFetchOptions, 'defaultRetryWaitMs' | 'maxRetryWaitMs'>;
}

/** The engines LLM_PROVIDER asks for: always the built-in analyst, and the configured model if any. */
export function createAssistantEngines(config: Config, parts: AssistantEngineParts): AssistantEngines {
  if (!config.llm) return { builtIn: parts.builtIn, model: null };
  const configured = createConfiguredModel(config.llm, parts.retry);
  const overallTimeoutMs = OVERALL_TIMEOUT_FACTOR * config.llm.timeoutMs;
  return {
    builtIn: parts.builtIn,
    model: {
      engine: createModelEngine(configured.model, configured.info, parts.tools, {
        overallTimeoutMs,
        logger: parts.logger,
      }),
      baseUrl: configured.baseUrl,
      overallTimeoutMs,
    },
  };
}
