import type { TChatQueryRequest, TEngineStatus } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST /llm-chat/query (spec 01 §7 chat). The answer is read leniently (lib/chat-entry.ts): the spec
 * allows `response` or `message` for the text and a reply without any of them.
 */
export const askQuestion = (body: TChatQueryRequest, signal?: AbortSignal) =>
  api.post<unknown>('/llm-chat/query', body, { signal });

/** GET /llm-chat/engine: which AI engine answers, for organisation admins. */
export const fetchEngineStatus = (signal?: AbortSignal) =>
  api.get<TEngineStatus>('/llm-chat/engine', { signal });

export const assistantKeys = {
  engine: ['assistant', 'engine'] as const,
};

export const engineStatusQuery = () =>
  queryOptions({ queryKey: assistantKeys.engine, queryFn: ({ signal }) => fetchEngineStatus(signal) });
