import type { HubCounters } from '../lib/hub-documents.ts';

const LABELS: [keyof HubCounters, string][] = [
  ['total', 'Total Documents'],
  ['pitchDecks', 'Pitch Decks'],
  ['pdfs', 'PDF Documents'],
  ['textFiles', 'Text Files'],
];

/** The four counters of the Knowledge Hub. */
export function KnowledgeCounters({ counters }: { counters: HubCounters }) {
  return (
    <dl className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
      {LABELS.map(([key, label]) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-xs">
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{counters[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
