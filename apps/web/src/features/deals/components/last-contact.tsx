import { isContactStale, lastContactLabel } from '../../../lib/format/last-contact.ts';
import { formatDate } from '../../../lib/format.ts';

/** "3w ago"; amber when older than 30 days (spec 02 §2), with the date on hover. */
export function LastContact({ at, now = Date.now() }: { at: string | null; now?: number }) {
  const label = lastContactLabel(at, now);
  if (!at) return <span className="text-sm text-slate-400">{label}</span>;
  const stale = isContactStale(at, now);
  return (
    <span
      data-stale={stale || undefined}
      title={`${stale ? 'No contact for over 30 days. ' : ''}Last contact ${formatDate(at)}`}
      className={
        stale
          ? 'rounded-md bg-amber-50 px-1.5 py-0.5 text-sm font-medium whitespace-nowrap text-amber-700 ring-1 ring-amber-200 ring-inset'
          : 'text-sm whitespace-nowrap text-slate-600'
      }
    >
      {label}
    </span>
  );
}
