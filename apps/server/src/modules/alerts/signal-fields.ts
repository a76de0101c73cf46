import { IMPACT_LEVELS, SIGNAL_TYPES, type TImpactLevel, type TSignalType } from '@atempo/contracts';

/**
 * A stored signal's fields as the API states them: a type or impact the contracts do not know reads
 * as 'other' or 'low', and recommended actions keep only their texts. Signals and the alerts read
 * from them answer with the same values.
 */
export const actionsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
export const signalTypeOf = (value: string): TSignalType =>
  (SIGNAL_TYPES as readonly string[]).includes(value) ? (value as TSignalType) : 'other';
export const impactOf = (value: string): TImpactLevel =>
  (IMPACT_LEVELS as readonly string[]).includes(value) ? (value as TImpactLevel) : 'low';
