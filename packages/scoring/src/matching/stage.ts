import { TARGET_STAGES } from '@atempo/contracts';
import { compactName } from './sector.ts';

/** Funding stages in order; the thesis stages plus one before (Pre-Seed) and one after (Public). */
export const STAGE_LADDER = ['Pre-Seed', ...TARGET_STAGES, 'Public'] as const;
export type StageLabel = (typeof STAGE_LADDER)[number];

/** "Series A", "series_a", "A", "Series A2", "Series E", "pre-IPO" → a rung of the ladder, or null. */
export function normaliseStage(stage: string): StageLabel | null {
  const compact = compactName(stage);
  if (compact === '') return null;
  if (compact === 'preseed') return 'Pre-Seed';
  if (compact === 'seed' || compact === 'seedround') return 'Seed';
  if (compact === 'preipo') return 'Pre-IPO';
  if (compact === 'ipo' || compact === 'public' || compact === 'listed') return 'Public';
  const series = /^(?:series|round)?([a-z])(?:\d*|extension|round|plus)$/.exec(compact);
  const letter = series?.[1];
  if (!letter) return null;
  if (letter === 'a') return 'Series A';
  if (letter === 'b') return 'Series B';
  if (letter === 'c') return 'Series C';
  // Single letters other than A–C are only stages when spelled "Series X" (so "E" or "Z" alone is not).
  if (letter >= 'd' && (compact.startsWith('series') || letter === 'd')) return 'Series D+';
  return null;
}

export function stageIndex(stage: StageLabel): number {
  return STAGE_LADDER.indexOf(stage);
}
