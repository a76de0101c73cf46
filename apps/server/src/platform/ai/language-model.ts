import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { TEngine } from '@atempo/contracts';
import type { LanguageModel } from 'ai';
import type { LlmConfig } from '../../config.ts';
import { createProviderFetch, type ProviderFetchOptions } from './provider-fetch.ts';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';

/** A configured model, what to call it in answers, and where it is (for admins). */
export interface ConfiguredModel {
  model: LanguageModel;
  info: TEngine;
  /** The server's address without credentials. */
  baseUrl: string;
  timeoutMs: number;
}

/**
 * Local servers (Ollama, vLLM, LM Studio) need no key, but the OpenAI provider refuses to start
 * without one (it would fall back to OPENAI_API_KEY from the environment); they ignore this one.
 */
const KEYLESS = 'no-key';

/**
 * The AI SDK model for LLM_PROVIDER: any OpenAI-compatible chat-completions server through
 * `.chat()` (the Responses API is OpenAI's alone), or Anthropic's messages API. Retries and time
 * limits are ours (createProviderFetch); the SDK's own retries must stay off (maxRetries: 0).
 */
export function createConfiguredModel(
  llm: LlmConfig,
  fetchOptions: Omit<ProviderFetchOptions, 'timeoutMs'> = {},
): ConfiguredModel {
  const fetch = createProviderFetch({ ...fetchOptions, timeoutMs: llm.timeoutMs });
  if (llm.provider === 'anthropic') {
    const provider = createAnthropic({ baseURL: llm.baseUrl, apiKey: llm.apiKey ?? KEYLESS, fetch });
    return {
      model: provider(llm.model),
      info: { provider: 'anthropic', model: llm.model },
      baseUrl: withoutCredentials(llm.baseUrl ?? ANTHROPIC_BASE_URL),
      timeoutMs: llm.timeoutMs,
    };
  }
  const provider = createOpenAI({ baseURL: llm.baseUrl, apiKey: llm.apiKey ?? KEYLESS, fetch });
  return {
    model: provider.chat(llm.model),
    info: { provider: 'openai-compatible', model: llm.model },
    baseUrl: withoutCredentials(llm.baseUrl ?? OPENAI_BASE_URL),
    timeoutMs: llm.timeoutMs,
  };
}

/** An address fit to show: user, password and query (Azure's api-key=…) removed. */
export function withoutCredentials(address: string): string {
  try {
    const url = new URL(address);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return '(unreadable address)';
  }
}
