import type { TInvestmentThesis } from '@atempo/contracts';
import { memoised } from '../compiled-thesis.ts';
import { type Place, resolvePlace } from './place.ts';
import { compactName } from './sector.ts';

/** A subject known only as a sub-region ("Nordics") fits a listed member country this well. */
export const SUBREGION_FIT = 0.85;
/** A subject known only as "Europe" or "EU" fits a listed European market this well. */
export const BROAD_REGION_FIT = 0.7;

export interface GeographyMatch {
  /** The thesis market matched, as written in the thesis. */
  market: string;
  /** That market's weight in the thesis. */
  weight: number;
  /** weight × how precisely the subject's place falls in the market (1, SUBREGION_FIT or BROAD_REGION_FIT). */
  fit: number;
  /** The subject's place as understood ("Germany", "Nordics"), or null if not understood. */
  place: string | null;
}

function membersOf(place: Place): ReadonlySet<string> {
  return place.kind === 'country' ? new Set([place.name]) : place.members;
}

/** How precisely a subject place falls inside a thesis market place: 1, a reduced share, or 0. */
function precision(subject: Place, market: Place): number {
  const subjectMembers = membersOf(subject);
  const marketMembers = membersOf(market);
  if (subject.name === market.name) return 1;
  if ([...subjectMembers].every((country) => marketMembers.has(country))) return 1;
  if (subject.kind === 'region' && [...subjectMembers].some((country) => marketMembers.has(country))) {
    return subject.broad ? BROAD_REGION_FIT : SUBREGION_FIT;
  }
  return 0;
}

/** The best-fitting thesis market for a subject's geography, or null when none fits. */
export function matchGeography(geography: string, thesis: TInvestmentThesis): GeographyMatch | null {
  return memoised(thesis, 'matchGeography', geography, () => findGeography(geography, thesis));
}

function findGeography(geography: string, thesis: TInvestmentThesis): GeographyMatch | null {
  const subject = resolvePlace(geography);
  let best: GeographyMatch | null = null;
  for (const [market, weight] of Object.entries(thesis.primary_markets)) {
    const marketPlace = memoised(thesis, 'marketPlace', market, () => resolvePlace(market));
    let share = 0;
    if (subject && marketPlace) share = precision(subject, marketPlace);
    else if (compactName(market) !== '' && compactName(market) === compactName(geography)) share = 1;
    const fit = weight * share;
    if (share > 0 && (!best || fit > best.fit)) best = { market, weight, fit, place: subject?.name ?? null };
  }
  return best;
}

/** The place a geography is understood as, for reasons ("Berlin, Germany" → "Germany"). */
export function describePlace(geography: string): string | null {
  return resolvePlace(geography)?.name ?? null;
}
