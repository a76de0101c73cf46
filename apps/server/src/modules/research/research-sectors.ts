import { FUNDING_SECTORS, fundingSectorLabel } from '@atempo/contracts';
import { compactName, isKnownSectorName, sectorGroupOf } from '@atempo/scoring';

/**
 * Sectors a research question names ("fintech", "climate tech", "B2B SaaS") and whether a record's
 * sector is one of them. A broad name (fintech, climate tech) takes its whole group (the scoring
 * engine's aliases: cleantech is climate tech); a sector the news ingest tells apart (insurtech,
 * which the group files under fintech) means only itself.
 */
export interface ResearchSector {
  /** As the question wrote it, compacted: "climatetech". */
  key: string;
  /** As people read it: "Climate Tech". */
  label: string;
}

const FUNDING_KEYS = new Map(
  FUNDING_SECTORS.filter((key) => key !== 'other').map((key) => [compactName(key), key]),
);
/** Words that are aliases of a sector but, alone in a question, more often mean something else. */
const TOO_GENERIC = new Set([
  'software',
  'security',
  'health',
  'education',
  'payments',
  'realestate',
  'financialservices',
]);

/** The sector a run of words names, or null. */
export function sectorNamed(words: string): ResearchSector | null {
  const key = compactName(words);
  if (key.length < 2 || TOO_GENERIC.has(key)) return null;
  const fundingKey = FUNDING_KEYS.get(key) ?? FUNDING_KEYS.get(sectorGroupOf(key));
  if (!FUNDING_KEYS.has(key) && !isKnownSectorName(key)) return null;
  return { key, label: fundingKey ? fundingSectorLabel(fundingKey) : titleCase(words) };
}

/** Whether a record's sector is the named one (the whole group for a broad name). */
export function inSector(recordSector: string | null, sector: ResearchSector): boolean {
  if (!recordSector) return false;
  const record = compactName(recordSector);
  if (record === sector.key) return true;
  const narrow = FUNDING_KEYS.has(sector.key) && sectorGroupOf(sector.key) !== sector.key;
  return !narrow && sectorGroupOf(record) === sectorGroupOf(sector.key);
}

/** A record's sector as people read it: 'climate_tech' → 'Climate Tech'; other spellings kept as written. */
export function sectorLabel(sector: string | null): string | null {
  if (!sector || sector === 'other') return null;
  const key = FUNDING_KEYS.get(compactName(sector));
  if (key && /^[a-z0-9_]+$/.test(sector)) return fundingSectorLabel(key);
  return /^[a-z0-9_]+$/.test(sector) ? titleCase(sector.replaceAll('_', ' ')) : sector;
}

function titleCase(words: string): string {
  return words
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
