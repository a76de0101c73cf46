import type { TSourcedMetric } from '@atempo/contracts';
import { sourcedMetricsOf } from './tools/sourced-metrics.ts';
import { resolveSubject } from './tools/subject.source.ts';
import type { ToolContext } from './tools/tool.ts';

/**
 * The assistant's figures for other modules (research, IC memos), which read them through this
 * service rather than the assistant's repositories (DESIGN.md §3): every figure the organisation
 * holds about a deal or a company, each with its source — the record first, then the key metrics
 * of its analysed documents, newest first. Null when the id is not one of the organisation's.
 */
export async function sourcedFiguresOf(
  context: ToolContext,
  about: { deal_id: string } | { company_id: string },
): Promise<TSourcedMetric[] | null> {
  const subject = await resolveSubject(context, about);
  return subject ? (await sourcedMetricsOf(context, subject)).metrics : null;
}
