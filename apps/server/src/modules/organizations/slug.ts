const MAX_BASE_LENGTH = 48;

/**
 * The Organisation Code colleagues type to join: lower-case a–z, 0–9 and single hyphens, accents
 * folded ('Société Générale' → 'societe-generale').
 */
/** Letters that do not decompose into a base letter plus accents. */
const TRANSLITERATIONS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  þ: 'th',
};

export function slugBase(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[øæœßłđþ]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/, '');
  return base || 'organisation';
}

/** The first free slug: the base itself, else base-2, base-3… */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
