import {
  DEFAULT_CAC_PAYBACK_MONTHS,
  DEFAULT_SECTOR_MIN_GROSS_MARGIN,
  sectorKey,
  type TInvestmentThesis,
} from '@atempo/contracts';

/** Deal sizes are whole euros; anything unreadable counts as 0 (spec 02 §5). */
export function parseWholeOrZero(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : 0;
}

/** Weights and fractions; anything unreadable counts as 0 (spec 02 §5). */
export function parseFloatOrZero(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

/** The maximum CAC payback falls back to 18 months (spec 02 §9). */
export function parseCacPayback(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : DEFAULT_CAC_PAYBACK_MONTHS;
}

export function hasMarket(thesis: TInvestmentThesis, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return Object.keys(thesis.primary_markets).some((market) => market.toLowerCase() === wanted);
}

/** Adds a market under its trimmed name; a blank name changes nothing. */
export function addMarket(thesis: TInvestmentThesis, name: string, weight: number): TInvestmentThesis {
  const market = name.trim();
  if (!market) return thesis;
  return { ...thesis, primary_markets: { ...thesis.primary_markets, [market]: weight } };
}

export function setMarketWeight(
  thesis: TInvestmentThesis,
  market: string,
  weight: number,
): TInvestmentThesis {
  return { ...thesis, primary_markets: { ...thesis.primary_markets, [market]: weight } };
}

export function removeMarket(thesis: TInvestmentThesis, market: string): TInvestmentThesis {
  const { [market]: _removed, ...rest } = thesis.primary_markets;
  return { ...thesis, primary_markets: rest };
}

export function hasSector(thesis: TInvestmentThesis, name: string): boolean {
  return sectorKey(name) in thesis.target_sectors;
}

/**
 * Adds a sector under its key (lowercased, spaces to underscores), keeping the name as typed for
 * display; the minimum gross margin starts at 0.4 unless given.
 */
export function addSector(
  thesis: TInvestmentThesis,
  name: string,
  weight: number,
  minGrossMargin: number = DEFAULT_SECTOR_MIN_GROSS_MARGIN,
): TInvestmentThesis {
  const key = sectorKey(name);
  if (!key) return thesis;
  return {
    ...thesis,
    target_sectors: {
      ...thesis.target_sectors,
      [key]: {
        name: name.trim().replace(/\s+/g, ' '),
        weight,
        min_gross_margin: minGrossMargin,
        focus_areas: [],
      },
    },
  };
}

export function updateSector(
  thesis: TInvestmentThesis,
  key: string,
  change: Partial<TInvestmentThesis['target_sectors'][string]>,
): TInvestmentThesis {
  const current = thesis.target_sectors[key];
  if (!current) return thesis;
  return { ...thesis, target_sectors: { ...thesis.target_sectors, [key]: { ...current, ...change } } };
}

export function removeSector(thesis: TInvestmentThesis, key: string): TInvestmentThesis {
  const { [key]: _removed, ...rest } = thesis.target_sectors;
  return { ...thesis, target_sectors: rest };
}

/** Ticks or unticks `item`, keeping the list in the order of `all`. */
export function toggleIn<T extends string>(
  list: readonly T[],
  item: T,
  checked: boolean,
  all: readonly T[],
): T[] {
  const chosen = new Set(list);
  if (checked) chosen.add(item);
  else chosen.delete(item);
  return all.filter((value) => chosen.has(value));
}

/**
 * The sector's name as typed ("B2B SaaS"); a sector saved without one shows its key with spaces
 * ('climate_tech' → 'climate tech'), since its casing is no longer known.
 */
export function sectorLabel(key: string, preference?: { name?: string }): string {
  return preference?.name ?? key.replace(/_/g, ' ');
}

/** 'a, b ,, c' → ['a', 'b', 'c']. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const byWeightThenName =
  <T>(weightOf: (value: T) => number) =>
  ([nameA, a]: [string, T], [nameB, b]: [string, T]) =>
    weightOf(b) - weightOf(a) || nameA.localeCompare(nameB);

/**
 * The thesis with its markets and sectors heaviest first. The server's JSON keeps no key order,
 * so the page fixes one when it loads; rows added later stay where they were added.
 */
export function inDisplayOrder(thesis: TInvestmentThesis): TInvestmentThesis {
  return {
    ...thesis,
    primary_markets: Object.fromEntries(
      Object.entries(thesis.primary_markets).sort(byWeightThenName((weight: number) => weight)),
    ),
    target_sectors: Object.fromEntries(
      Object.entries(thesis.target_sectors).sort(byWeightThenName((sector) => sector.weight)),
    ),
  };
}

/** Whether two theses say the same, whatever the order of their markets and sectors. */
export function sameThesis(a: TInvestmentThesis, b: TInvestmentThesis): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
