import { RED_FLAG_CATEGORIES, RED_FLAG_SEVERITIES, type RedFlag, type RedFlagCategory } from './types.ts';

/** The Deal entity's red_flag_summary (spec 02 §3). */
export interface RedFlagSummary {
  total_flags: number;
  critical_flags: number;
  high_flags: number;
  medium_flags: number;
  low_flags: number;
  /** Descriptions of the critical and high flags, worst first, at most 5. */
  key_concerns: string[];
  /** Every category with its count (0 included, so the shape never changes). */
  flags_by_category: Record<RedFlagCategory, number>;
  financial_flags: RedFlag[];
  data_quality_flags: RedFlag[];
  operational_flags: RedFlag[];
  market_flags: RedFlag[];
  relationship_flags: RedFlag[];
}

export const MAX_KEY_CONCERNS = 5;

export function summariseRedFlags(flags: readonly RedFlag[]): RedFlagSummary {
  const worstFirst = [...flags].sort(
    (a, b) => RED_FLAG_SEVERITIES.indexOf(a.severity) - RED_FLAG_SEVERITIES.indexOf(b.severity),
  );
  const count = (severity: RedFlag['severity']) => flags.filter((flag) => flag.severity === severity).length;
  const inCategory = (category: RedFlagCategory) => worstFirst.filter((flag) => flag.category === category);
  return {
    total_flags: flags.length,
    critical_flags: count('critical'),
    high_flags: count('high'),
    medium_flags: count('medium'),
    low_flags: count('low'),
    key_concerns: worstFirst
      .filter((flag) => flag.severity === 'critical' || flag.severity === 'high')
      .slice(0, MAX_KEY_CONCERNS)
      .map((flag) => flag.description),
    flags_by_category: Object.fromEntries(
      RED_FLAG_CATEGORIES.map((category) => [category, inCategory(category).length]),
    ) as Record<RedFlagCategory, number>,
    financial_flags: inCategory('financial'),
    data_quality_flags: inCategory('data_quality'),
    operational_flags: inCategory('operational'),
    market_flags: inCategory('market'),
    relationship_flags: inCategory('relationship'),
  };
}
