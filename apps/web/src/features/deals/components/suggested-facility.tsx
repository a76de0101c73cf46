import type { TFacilitySuggestion } from '@atempo/contracts';
import { formatEuroCompact } from '../../../lib/format/money.ts';

/** The indicative venture-debt facility and why; a range only when the data allows one. */
export function SuggestedFacility({ facility }: { facility: TFacilitySuggestion | null }) {
  if (!facility) {
    return <p className="text-sm text-slate-500">Sized once the deal has been scored.</p>;
  }
  const { min, max } = facility;
  const range =
    min !== null && max !== null
      ? min === max
        ? formatEuroCompact(min)
        : `${formatEuroCompact(min)} – ${formatEuroCompact(max)}`
      : null;
  return (
    <div>
      {range ? (
        <p className="text-lg font-semibold text-slate-900 tabular-nums">{range}</p>
      ) : (
        <p className="text-sm font-medium text-slate-700">Not enough data to size a facility.</p>
      )}
      {facility.reasoning.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-slate-600">
          {facility.reasoning.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
