import { RESEARCH_REGIONS, type TResearchRegion, type TResearchStage } from '@atempo/contracts';

/**
 * A deep-research question read into filters and search terms: "Series B fintech in the UK" →
 * stages [B], regions [UK], terms [fintech]. Words that only frame the question ("companies",
 * "raising", "in the") are not searched for.
 */
export interface ResearchQuery {
  text: string;
  regions: TResearchRegion[];
  stages: TResearchStage[];
  terms: string[];
}

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

export function parseResearchQuery(raw: string): ResearchQuery {
  const text = raw.trim().replace(/\s+/g, ' ');
  const regions = new Set<TResearchRegion>();
  const stages = new Set<TResearchStage>();
  let rest = ` ${text.toLowerCase()} `;

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

  const terms = [
    ...new Set(
      rest
        .split(/[^\p{L}\p{N}&+.-]+/u)
        .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
        .filter((word) => word.length >= 2 && !FRAMING_WORDS.has(word)),
    ),
  ].slice(0, MAX_TERMS);

  return {
    text,
    regions: RESEARCH_REGIONS.filter((region) => regions.has(region)),
    stages: (['A', 'B', 'C', 'D'] as const).filter((stage) => stages.has(stage)),
    terms,
  };
}
