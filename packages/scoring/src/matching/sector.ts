import type { TInvestmentThesis, TSectorPreference } from '@atempo/contracts';
import { memoised } from '../compiled-thesis.ts';
import { SECTOR_ALIASES } from './sector-aliases.ts';

export interface SectorMatch {
  /** The thesis sector key matched. */
  key: string;
  preference: TSectorPreference;
  /** How it matched: same name, a known alias, or one of the sector's focus areas. */
  via: 'name' | 'alias' | 'focus_area';
}

/**
 * Lowercase letters and digits only, accents dropped: "B2B SaaS", "b2b_saas" and "b2b-saas" all
 * give "b2bsaas"; "München" gives "munchen".
 */
export function compactName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const CANONICAL_BY_ALIAS = new Map<string, string>(
  Object.entries(SECTOR_ALIASES).flatMap(([canonical, aliases]) =>
    [canonical, ...aliases].map((alias) => [compactName(alias), compactName(canonical)] as const),
  ),
);

function canonicalSector(text: string): string {
  const compact = compactName(text);
  return CANONICAL_BY_ALIAS.get(compact) ?? compact;
}

/** The sector group a name belongs to, compacted ("Climate Tech", "cleantech" → "climatetech"); the name itself when unknown. */
export const sectorGroupOf = canonicalSector;

/** Whether a name is a known sector name or alias ("climate tech", "fintech", "SaaS"). */
export function isKnownSectorName(text: string): boolean {
  return CANONICAL_BY_ALIAS.has(compactName(text));
}

/** "Fintech / SaaS" or "Health & Wellness" name several sectors: each part is tried. */
function sectorParts(sector: string): string[] {
  const parts = sector
    .split(/[,/&|;+]|\band\b/i)
    .map((part) => part.trim())
    .filter((part) => compactName(part) !== '');
  return [sector, ...parts];
}

/**
 * Every thesis sector a subject's sector may belong to. For each part of the name only the most
 * specific kind of match counts (same name, then alias, then focus area).
 */
export function sectorCandidates(sector: string, thesis: TInvestmentThesis): SectorMatch[] {
  return memoised(thesis, 'sectorCandidates', sector, () => findSectorCandidates(sector, thesis));
}

function findSectorCandidates(sector: string, thesis: TInvestmentThesis): SectorMatch[] {
  const entries = Object.entries(thesis.target_sectors);
  const candidates: SectorMatch[] = [];
  for (const part of sectorParts(sector)) {
    const compact = compactName(part);
    if (compact === '') continue;
    const canonical = canonicalSector(part);
    const tiers: Array<[SectorMatch['via'], (key: string, pref: TSectorPreference) => boolean]> = [
      ['name', (key) => compactName(key) === compact],
      ['alias', (key) => canonicalSector(key) === canonical],
      ['focus_area', (_key, pref) => pref.focus_areas.some((area) => compactName(area) === compact)],
    ];
    for (const [via, matches] of tiers) {
      const found = entries.filter(([key, pref]) => matches(key, pref));
      if (found.length === 0) continue;
      for (const [key, preference] of found) {
        if (!candidates.some((candidate) => candidate.key === key)) candidates.push({ key, preference, via });
      }
      break;
    }
  }
  return candidates;
}

/** The best-weighted thesis sector the subject's sector belongs to, or null. */
export function matchSector(sector: string, thesis: TInvestmentThesis): SectorMatch | null {
  let best: SectorMatch | null = null;
  for (const candidate of sectorCandidates(sector, thesis)) {
    if (!best || candidate.preference.weight > best.preference.weight) best = candidate;
  }
  return best;
}

/** Same thesis sector (by name, alias or focus area), or the same name when the thesis has neither. */
export function sameSector(a: string | null, b: string | null, thesis: TInvestmentThesis): boolean {
  if (!a || !b) return false;
  if (compactName(a) !== '' && compactName(a) === compactName(b)) return true;
  const keysOfB = new Set(sectorCandidates(b, thesis).map((candidate) => candidate.key));
  return sectorCandidates(a, thesis).some((candidate) => keysOfB.has(candidate.key));
}
