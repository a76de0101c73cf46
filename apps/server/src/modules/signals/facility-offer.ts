import { formatMoney } from '@atempo/scoring';

/**
 * A company that has just raised equity can carry debt: venture lenders typically offer a
 * facility of 20–35 % of the round (issue #10). The figures are computed from the announced
 * round; with no amount the offer says so instead of guessing.
 */
export const FACILITY_SHARE = { low: 0.2, high: 0.35 } as const;

export interface FacilityBand {
  low: number;
  high: number;
  midpoint: number;
}

export function facilityBand(roundEur: number | null): FacilityBand | null {
  if (roundEur === null || !Number.isFinite(roundEur) || roundEur <= 0) return null;
  const low = roundEur * FACILITY_SHARE.low;
  const high = roundEur * FACILITY_SHARE.high;
  return { low, high, midpoint: (low + high) / 2 };
}

/** "Offer a facility of €2M–€3.5M: 20–35% of the €10M round" (amounts in EUR, decision 005). */
export function facilityOffer(
  roundEur: number | null,
  announced?: { amount: number; currency: string },
): string {
  const band = facilityBand(roundEur);
  if (!band || roundEur === null) {
    return 'Round size not in the data: confirm the amount before sizing a facility (typically 20–35% of the round)';
  }
  const asAnnounced =
    announced && announced.currency !== 'EUR'
      ? ` (${announced.currency} ${formatPlain(announced.amount)} as announced)`
      : '';
  return `Offer a facility of ${formatMoney(band.low)}–${formatMoney(band.high)}: 20–35% of the ${formatMoney(roundEur)} round${asAnnounced}`;
}

function formatPlain(amount: number): string {
  return amount.toLocaleString('en-GB', { maximumFractionDigits: 2 });
}
