import type { TSharePointSyncResult } from '@atempo/contracts';

/** Spec 03 §8, §9: three document entries, and up to three issues then '...and N more issues'. */
export const SHOWN_SYNC_DOCUMENTS = 3;
export const SHOWN_SYNC_ISSUES = 3;

export function SyncResults({ result }: { result: TSharePointSyncResult }) {
  const documents = result.extracted_terms.slice(0, SHOWN_SYNC_DOCUMENTS);
  const issues = result.errors.slice(0, SHOWN_SYNC_ISSUES);
  const moreIssues = result.errors.length - issues.length;
  return (
    <section aria-label="Sync results" className="space-y-3 rounded-lg bg-slate-50 p-4 text-sm">
      <p className="font-medium text-slate-900">{result.summary}</p>
      {documents.length > 0 && (
        <ul className="space-y-2">
          {documents.map((entry) => (
            <li key={entry.document} className="rounded-md bg-white p-3 ring-1 ring-slate-200">
              <p className="font-medium break-words text-slate-900">{entry.document}</p>
              {Object.keys(entry.terms).length > 0 && (
                <dl className="mt-1 grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
                  {Object.entries(entry.terms).map(([term, value]) => (
                    <div key={term} className="flex justify-between gap-3">
                      <dt className="text-slate-500">{term}</dt>
                      <dd className="text-right text-slate-800">{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
      {issues.length > 0 && (
        <div className="text-amber-900">
          <p className="font-medium">Issues</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
          {moreIssues > 0 && <p className="mt-1">...and {moreIssues} more issues</p>}
        </div>
      )}
    </section>
  );
}
