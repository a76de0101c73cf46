import { COUNTRY_ALIASES, REGIONS } from './geography-data.ts';
import { compactName } from './sector.ts';

/** A geography understood as a country or a region (a set of countries). */
export type Place =
  | { kind: 'country'; name: string }
  | { kind: 'region'; name: string; members: ReadonlySet<string>; broad: boolean };

const PLACE_BY_ALIAS = new Map<string, Place>();
for (const [country, aliases] of Object.entries(COUNTRY_ALIASES)) {
  for (const alias of [country, ...aliases])
    PLACE_BY_ALIAS.set(compactName(alias), { kind: 'country', name: country });
}
for (const [region, definition] of Object.entries(REGIONS)) {
  const place: Place = {
    kind: 'region',
    name: region,
    members: new Set(definition.members),
    broad: definition.broad,
  };
  for (const alias of [region, ...definition.aliases]) PLACE_BY_ALIAS.set(compactName(alias), place);
}

function lookup(text: string): Place | null {
  const compact = compactName(text);
  return compact === '' ? null : (PLACE_BY_ALIAS.get(compact) ?? null);
}

/** The place whose name or alias is exactly `text` ("Nordics", "DACH", "Germany"), or null: no searching inside it. */
export const placeNamedExactly = lookup;

/**
 * Understands "UK", "United Kingdom", "Berlin, Germany", "London UK", "Nordics", "Europe".
 * Comma-separated parts and then word runs are tried from the end, where the country usually is.
 */
export function resolvePlace(text: string): Place | null {
  const whole = lookup(text);
  if (whole) return whole;
  const parts = text
    .split(/[,;/|()]|\s-\s/)
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of [...parts].reverse()) {
    const found = lookup(part);
    if (found) return found;
  }
  const words = text.split(/[\s,;/|()]+/).filter(Boolean);
  for (let end = words.length; end > 0; end--) {
    for (const size of [3, 2, 1]) {
      if (end - size < 0) continue;
      const run = words.slice(end - size, end);
      // Two-letter codes inside a phrase ("based in Berlin") count only when written in capitals.
      if (size === 1 && run[0]!.length <= 2 && run[0] !== run[0]!.toUpperCase()) continue;
      const found = lookup(run.join(' '));
      if (found) return found;
    }
  }
  return null;
}
