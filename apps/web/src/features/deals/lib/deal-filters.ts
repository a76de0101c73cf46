import type { TDealStage } from '@atempo/contracts';
import type { DealListParams } from '../api/deals-api.ts';

/** The filter panel as typed: raw text, so a half-typed '7.' is not thrown away. */
export interface DealFilterInput {
  q: string;
  stage: TDealStage | '';
  minScore: string;
  maxScore: string;
}

export const EMPTY_FILTERS: DealFilterInput = { q: '', stage: '', minScore: '', maxScore: '' };

export interface ParsedFilters {
  params: Pick<DealListParams, 'q' | 'stage' | 'min_score' | 'max_score'>;
  errors: { minScore?: string; maxScore?: string };
}

const RANGE_ERROR = 'Enter a score from 0 to 10';

function parseScore(text: string): { value?: number; error?: string } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > 10) return { error: RANGE_ERROR };
  return { value };
}

/**
 * What the server is asked for (spec 02 §2: min and max score 0–10, step 0.1; stage; company
 * search). An invalid bound is shown as an error and not sent.
 */
export function parseFilters(input: DealFilterInput): ParsedFilters {
  const min = parseScore(input.minScore);
  const max = parseScore(input.maxScore);
  const errors: ParsedFilters['errors'] = {};
  if (min.error) errors.minScore = min.error;
  if (max.error) errors.maxScore = max.error;
  if (min.value !== undefined && max.value !== undefined && min.value > max.value) {
    errors.minScore = 'The minimum is above the maximum';
  }
  const q = input.q.trim();
  return {
    params: {
      q: q || undefined,
      stage: input.stage || undefined,
      min_score: errors.minScore ? undefined : min.value,
      max_score: errors.maxScore ? undefined : max.value,
    },
    errors,
  };
}

export function hasActiveFilters(input: DealFilterInput): boolean {
  return Object.values(input).some((value) => value.trim() !== '');
}
