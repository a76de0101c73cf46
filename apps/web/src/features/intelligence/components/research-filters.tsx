import type { TDeepResearchResult } from '@atempo/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';

/**
 * Every filter the server read from the question and applied to every source (region, country or
 * sub-region, stage, sector, time window), as people read them, so the person sees why a result is
 * in or out. Nothing when none applied.
 */
export function ResearchFilters({
  result,
}: {
  result: Pick<TDeepResearchResult, 'regions' | 'stages'> & Partial<Pick<TDeepResearchResult, 'filters'>>;
}) {
  const labelId = useId();
  const chips =
    result.filters && result.filters.length > 0
      ? result.filters.map((filter) => filter.label)
      : [...result.regions, ...result.stages.map((stage) => `Series ${stage}`)];
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span id={labelId} className="text-slate-600">
        Filtered to:
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
        {chips.map((chip) => (
          <li key={chip}>
            <Badge tone="accent">{chip}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
