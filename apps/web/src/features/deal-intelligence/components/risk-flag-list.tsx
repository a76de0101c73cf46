import type { TSourcedText } from '@atempo/contracts';
import { SourceExcerpt } from './source-excerpt.tsx';

/** Risk flags as sentences, each with the source that raised it when there is one. */
export function RiskFlagList({ flags }: { flags: (TSourcedText & { document_name?: string })[] }) {
  if (flags.length === 0) return <p className="text-sm text-slate-500">No risk flags found.</p>;
  return (
    <ul className="space-y-2">
      {flags.map((flag, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two documents may raise the same sentence
        <li key={index} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {flag.text}
          {flag.source && (
            <div className="mt-1">
              <SourceExcerpt source={flag.source} documentName={flag.document_name} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
