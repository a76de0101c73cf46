import type { TDealUpdatesResponse } from '@atempo/contracts';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The deal's activity (GET /deals/{id}/updates): documents added and analysed, stage, amount and score changes. */
export function ActivityList({ updates }: { updates: TDealUpdatesResponse['updates'] }) {
  if (updates.length === 0) return <p className="text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="space-y-3">
      {updates.map((update) => (
        <li key={update.id} className="border-l-2 border-slate-200 pl-3">
          <p className="text-sm text-slate-900">{update.summary}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={update.occurred_at}>{timeFormat.format(new Date(update.occurred_at))}</time>
            {update.actor && ` · ${update.actor}`}
          </p>
        </li>
      ))}
    </ol>
  );
}
