import { RESEARCH_REGIONS, type TResearchRegion, type TResearchStage } from '@atempo/contracts';
import { placeNamed, type ResearchPlace } from './research-places.ts';
import { type ResearchSector, sectorNamed } from './research-sectors.ts';
import { type ResearchWindow, readTimeWindow } from './research-time-window.ts';

/**
 * A deep-research question read into filters and search terms: "Series B fintech in the UK this
 * month" → stages [B], regions [UK], sectors [Fintech], window this month, no terms left. Every
 * filter the question states is applied to every source (research-hits.ts `meetsFilters`); words
 * that only frame the question ("companies", "raising", "in the") are not searched for.
 */
export interface ResearchQuery {
  text: string;
  regions: TResearchRegion[];
  stages: TResearchStage[];
  /** Sectors named ("fintech", "climate tech"): a record must be in one. */
  sectors?: ResearchSector[];
  /** Countries and sub-regions named ("Germany", "DACH", "Nordics"): a record must lie in one. */
  places?: ResearchPlace[];
  /** The time window named ("this month", "last 90 days", "in 2025"): a record must be dated in it. */
  window?: ResearchWindow | null;
  terms: string[];
}

/** A query that filters nothing: a company's own research. */
export const unfiltered = (text: string): ResearchQuery => ({ text, regions: [], stages: [], terms: [] });

const REGION_WORDS: Record<string, TResearchRegion> = {
  uk: 'UK',
  'u.k.': 'UK',
  britain: 'UK',
  british: 'UK',
  england: 'UK',
  'united kingdom': 'UK',
  europe: 'Europe',
  european: 'Europe',
  eu: 'Europe',
  us: 'US',
  'u.s.': 'US',
  usa: 'US',
  'united states': 'US',
  america: 'US',
  american: 'US',
  asia: 'Asia',
  asian: 'Asia',
  apac: 'Asia',
};

const FRAMING_WORDS = new Set(
  `a an and any are at based by companies company startup startups scaleup scaleups firms firm for from in
  into of on or round rounds raise raised raising funding funded series stage stages the that to which who
  with latest recent recently new find show me list all top best research about across deals deal us we
  our my their`.split(/\s+/),
);

const MAX_TERMS = 8;

export function parseResearchQuery(raw: string, now: Date = new Date()): ResearchQuery {
  const text = raw.trim().replace(/\s+/g, ' ');
  const regions = new Set<TResearchRegion>();
  const stages = new Set<TResearchStage>();
  let rest = ` ${text.toLowerCase()} `;

  const window = readTimeWindow(rest, now);
  if (window) rest = rest.replace(window.matched, ' ');

  for (const [word, region] of Object.entries(REGION_WORDS).sort((x, y) => y[0].length - x[0].length)) {
    // "us" is a region only when written US (the pronoun is a framing word).
    const pattern = new RegExp(`(?<=[\\s,(])${word.replace(/\./g, '\\.')}(?=[\\s,.)?!])`, 'g');
    if (word === 'us' && !/\bUS\b/.test(text)) continue;
    if (pattern.test(rest)) {
      regions.add(region);
      rest = rest.replace(pattern, ' ');
    }
  }
  // "Series B", "series-c", "Series A/B", "A and B rounds", "series d+"
  rest = rest.replace(
    /\bseries[\s-]*([a-d])((?:\s*(?:\/|,|and|or|&)\s*[a-d]\b)*)\+?/g,
    (_match, first, more) => {
      for (const letter of [first, ...(String(more).match(/[a-d]\b/g) ?? [])]) {
        stages.add(letter.toUpperCase() as TResearchStage);
      }
      return ' ';
    },
  );
  rest = rest.replace(/\b([a-d])[\s-]*rounds?\b/g, (_match, letter) => {
    stages.add(letter.toUpperCase() as TResearchStage);
    return ' ';
  });

  const words = rest
    .split(/[^\p{L}\p{N}&+.-]+/u)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter(Boolean);
  const { sectors, places, left } = namedSectorsAndPlaces(words, text);

  const terms = [...new Set(left.filter((word) => word.length >= 2 && !FRAMING_WORDS.has(word)))].slice(
    0,
    MAX_TERMS,
  );

  return {
    text,
    regions: RESEARCH_REGIONS.filter((region) => regions.has(region)),
    stages: (['A', 'B', 'C', 'D'] as const).filter((stage) => stages.has(stage)),
    sectors,
    places,
    window: window?.window ?? null,
    terms,
  };
}

/** Runs of up to three words that name a sector or a place, longest first; the words left over. */
function namedSectorsAndPlaces(words: string[], original: string) {
  const sectors: ResearchSector[] = [];
  const places: ResearchPlace[] = [];
  const left: string[] = [];
  let index = 0;
  while (index < words.length) {
    let taken = 0;
    for (const size of [3, 2, 1]) {
      if (index + size > words.length) continue;
      const run = words.slice(index, index + size).join(' ');
      if (size === 1 && FRAMING_WORDS.has(run)) break;
      const sector = sectorNamed(run);
      if (sector) {
        if (!sectors.some((known) => known.key === sector.key)) sectors.push(sector);
        taken = size;
        break;
      }
      const asWritten =
        new RegExp(`\\b${run.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(original)?.[0] ?? run;
      const place = placeNamed(run, asWritten);
      if (place) {
        if (!places.some((known) => known.label === place.label)) places.push(place);
        taken = size;
        break;
      }
    }
    if (taken === 0) {
      left.push(words[index]!);
      taken = 1;
    }
    index += taken;
  }
  return { sectors, places, left };
}
