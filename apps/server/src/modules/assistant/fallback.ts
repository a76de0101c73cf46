import type { TEngine } from '@atempo/contracts';
import { APICallError } from 'ai';
import { providerErrorIn } from '../../platform/ai/provider-error.ts';
import { ModelAnswerError } from './model/model-engine.ts';

function isTimeout(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    if (current.name === 'TimeoutError') return true;
    seen.add(current);
    current = current.cause;
  }
  return false;
}

/**
 * Why the configured model did not answer, in a sentence for the person asking (no addresses or
 * keys: those are for the logs and admins).
 */
export function fallbackReason(error: unknown, overallTimeoutMs: number): string {
  const providerError = providerErrorIn(error);
  if (providerError) return providerError.message;
  if (APICallError.isInstance(error)) {
    const message = error.message.length > 200 ? `${error.message.slice(0, 200)}…` : error.message;
    return `the model server refused the request (${error.statusCode ?? 'no status'}: ${message})`;
  }
  if (isTimeout(error))
    return `the model did not finish its answer within ${Math.round(overallTimeoutMs / 1000)} s`;
  if (error instanceof ModelAnswerError) return error.message;
  return `the model's answer could not be used (${error instanceof Error ? error.name : 'unknown error'})`;
}

const PROVIDER_NAMES: Record<TEngine['provider'], string> = {
  'built-in': 'built-in analyst',
  'openai-compatible': 'OpenAI-compatible model',
  anthropic: 'Anthropic model',
};

/** The sentence an answer ends with when the built-in analyst stood in for the model. */
export function fallbackNotice(model: TEngine, reason: string): string {
  return `Answered by the built-in analyst: the configured ${PROVIDER_NAMES[model.provider]} (${model.model}) could not answer — ${reason}.`;
}
