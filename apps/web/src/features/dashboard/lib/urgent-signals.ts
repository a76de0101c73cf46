import type { TMarketSignal } from '@atempo/contracts';

/** Spec 01 §9: at most 3 urgent signals. */
export const MAX_URGENT_SIGNALS = 3;
/** Other signals listed under the urgent ones. */
export const MAX_OTHER_SIGNALS = 4;

/**
 * Splits the latest signals (newest first) for the Market Intelligence card: the first three
 * high-impact ones are urgent (spec 01 §3: high is urgent); a fourth high one is listed with the rest.
 */
export function splitUrgentSignals(signals: readonly TMarketSignal[]): {
  urgent: TMarketSignal[];
  others: TMarketSignal[];
} {
  const urgent = signals.filter((signal) => signal.impact_level === 'high').slice(0, MAX_URGENT_SIGNALS);
  const others = signals.filter((signal) => !urgent.includes(signal)).slice(0, MAX_OTHER_SIGNALS);
  return { urgent, others };
}

export const SIGNAL_TYPE_LABELS: Record<TMarketSignal['signal_type'], string> = {
  funding_round: 'Funding round',
  ipo_signal: 'IPO signal',
  market_opportunity: 'Market opportunity',
  competitive_threat: 'Competitive threat',
  other: 'Other',
};
