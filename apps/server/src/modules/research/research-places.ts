import { placeNamedExactly, resolvePlace } from '@atempo/scoring';

/**
 * Countries and regions a research question names beyond the four research regions of spec 02 §9:
 * "in Germany", "DACH", "the Nordics", "Benelux", "Iberia". Read with the scoring engine's place
 * table (the one thesis markets use), so "Nordics" is Sweden, Denmark, Norway, Finland and Iceland.
 */
export interface ResearchPlace {
  /** "Germany", "DACH", "Nordics". */
  label: string;
  /** The countries it covers. */
  countries: string[];
}

/** The place a run of words names, or null. Short words count only in capitals ("DE", not "de"). */
export function placeNamed(words: string, original: string): ResearchPlace | null {
  if (words.length < 3 && original !== original.toUpperCase()) return null;
  const place = placeNamedExactly(words);
  if (!place) return null;
  if (place.kind === 'country') return { label: place.name, countries: [place.name] };
  if (place.broad) return null; // Europe and the EU are research regions already.
  return { label: place.name, countries: [...place.members] };
}

/** Whether a record's country (or "City, Country") lies in one of the places. */
export function inPlaces(country: string | null, places: ResearchPlace[]): boolean {
  if (places.length === 0) return true;
  if (!country) return false;
  const place = resolvePlace(country);
  if (!place) return false;
  const countries = place.kind === 'country' ? [place.name] : [...place.members];
  return places.some(
    (wanted) => countries.length > 0 && countries.every((name) => wanted.countries.includes(name)),
  );
}
