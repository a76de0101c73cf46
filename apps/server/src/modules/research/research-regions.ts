import type { TResearchRegion, TResearchStage } from '@atempo/contracts';
import { normaliseStage, resolvePlace } from '@atempo/scoring';

/**
 * The research regions of spec 02 §9 (UK, Europe, US, Asia) and stages (A–D) read from the free
 * text records hold: "United Kingdom", "London, UK", "Berlin, Germany", "Series B", "series_c".
 * Europe is the continent, so a UK company is in Europe too; "UK" alone means the UK only.
 */

const europe = resolvePlace('Europe');
const EUROPE: ReadonlySet<string> = europe?.kind === 'region' ? europe.members : new Set();
const ASIA = new Set([
  'India',
  'Singapore',
  'China',
  'Japan',
  'Hong Kong',
  'South Korea',
  'Korea',
  'Taiwan',
  'Indonesia',
  'Vietnam',
  'Thailand',
  'Malaysia',
  'Philippines',
  'Pakistan',
  'Bangladesh',
  'United Arab Emirates',
  'UAE',
  'Saudi Arabia',
  'Israel',
]);
const STORED_REGION: Record<string, TResearchRegion[]> = {
  uk: ['UK', 'Europe'],
  europe: ['Europe'],
  us: ['US'],
  usa: ['US'],
  asia: ['Asia'],
};

/** The research regions a place falls in: a UK company is in UK and Europe. */
export function regionsOf(...places: (string | null | undefined)[]): TResearchRegion[] {
  const found = new Set<TResearchRegion>();
  for (const place of places) {
    if (!place?.trim()) continue;
    const stored = STORED_REGION[place.trim().toLowerCase()];
    if (stored) {
      for (const region of stored) found.add(region);
      continue;
    }
    for (const region of regionsOfPlace(place)) found.add(region);
  }
  return [...found];
}

function regionsOfPlace(text: string): TResearchRegion[] {
  const asian = [...ASIA].find((country) => text.toLowerCase().includes(country.toLowerCase()));
  if (asian && (asian.length > 3 || new RegExp(`\\b${asian}\\b`).test(text))) return ['Asia'];
  const place = resolvePlace(text);
  if (!place) return [];
  if (place.kind === 'country') {
    if (place.name === 'United Kingdom') return ['UK', 'Europe'];
    if (place.name === 'United States' || place.name === 'Canada') return ['US'];
    if (ASIA.has(place.name)) return ['Asia'];
    return EUROPE.has(place.name) ? ['Europe'] : [];
  }
  if (place.name === 'UK & Ireland') return ['Europe'];
  return [...place.members].some((member) => EUROPE.has(member)) ? ['Europe'] : [];
}

/** The research stage (A–D) of a funding stage label; Series D and later are D. */
export function researchStageOf(stage: string | null | undefined): TResearchStage | null {
  if (!stage) return null;
  const label = normaliseStage(stage);
  if (label === 'Series A') return 'A';
  if (label === 'Series B') return 'B';
  if (label === 'Series C') return 'C';
  if (label === 'Series D+') return 'D';
  return null;
}
