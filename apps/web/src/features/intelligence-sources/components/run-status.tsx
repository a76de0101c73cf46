import type { TIntelligenceSource, TSourceFetchRun } from '@atempo/contracts';
import { Badge } from '../../../components/ui/badge.tsx';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** '23 Nov, 07:30'; the raw text when it is not a date. */
export function formatRunTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const STATUS = {
  ok: { label: 'OK', tone: 'success' },
  not_modified: { label: 'Not modified', tone: 'neutral' },
  error: { label: 'Error', tone: 'warning' },
} as const;

/** The last run of a source: when, how it went, and the error when it failed. */
export function RunStatus({ source }: { source: TIntelligenceSource }) {
  if (!source.last_fetched_at || !source.last_status) {
    return <span className="text-slate-400">Never fetched</span>;
  }
  const status = STATUS[source.last_status];
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="whitespace-nowrap text-slate-500">{formatRunTime(source.last_fetched_at)}</span>
      </div>
      {source.last_error && <p className="max-w-sm text-xs break-words text-red-700">{source.last_error}</p>}
    </div>
  );
}

/** One sentence for a test fetch's outcome. */
export function describeRun(name: string, run: TSourceFetchRun): string {
  const seconds = (run.duration_ms / 1000).toFixed(1);
  if (run.status === 'error') return `${name}: ${run.error ?? 'the fetch failed'}`;
  if (run.status === 'not_modified') {
    return `${name} has not changed since the last fetch (HTTP 304, ${seconds} s).`;
  }
  const items = `${run.items_found} ${run.items_found === 1 ? 'item' : 'items'}`;
  const announcements = `${run.announcements_found} funding ${run.announcements_found === 1 ? 'announcement' : 'announcements'}`;
  return `${name}: ${items}, ${announcements} (${seconds} s).`;
}
