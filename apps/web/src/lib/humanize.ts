/**
 * A machine word as a label: 'high_burn_rate' → 'High burn rate', 'press-release' → 'Press release'.
 * Underscores and hyphens become one space each run; only the first letter is raised, so the rest
 * keeps its case ('series_a' → 'Series a'). Words with a label of their own in the spec (stages,
 * deal types, source types) use their label tables instead.
 */
export function humanize(word: string): string {
  const spaced = word.replace(/[_-]+/g, ' ').trim();
  // Nothing but separators: show what was sent rather than an empty label.
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : word;
}
