import type { TResearchHit } from '@atempo/contracts';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { formatMillions, shownRegion, shownSector } from '../lib/funding-signal.ts';

const KIND_LABELS: Record<TResearchHit['kind'], string> = {
  company: 'Company',
  funding_announcement: 'Funding round',
  document: 'Document',
  market_signal: 'Signal',
  deal: 'Deal',
};

/** Where the hit's record lives in the app, when it has a page. */
function recordLink(hit: TResearchHit): string | null {
  if (hit.kind === 'company') return `/companies/${hit.id}`;
  if (hit.kind === 'deal') return `/deals/${hit.id}/intelligence`;
  if (hit.company_id) return `/companies/${hit.company_id}`;
  return null;
}

/** One research result with the facts the list shows and the source it was read from. */
export function ResearchResultCard({ hit }: { hit: TResearchHit }) {
  const link = recordLink(hit);
  const facts = [
    hit.stage,
    shownRegion(hit.region) ?? hit.country,
    hit.sector_label ?? shownSector(hit.sector),
    // Spec 02: funding amounts in millions; hits carry EUR (decision 005).
    hit.amount_eur !== null ? formatMillions(hit.amount_eur / 1e6, 'EUR') : null,
    hit.date ? hit.date.slice(0, 10) : null,
  ].filter(Boolean);
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-kind={hit.kind}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {KIND_LABELS[hit.kind]}
        </span>
        {link ? (
          <Link to={link} className="font-medium text-slate-900 hover:underline">
            {hit.title}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{hit.title}</span>
        )}
      </div>
      {facts.length > 0 && <p className="mt-1 text-sm text-slate-600">{facts.join(' · ')}</p>}
      {hit.snippet && <p className="mt-1 text-sm text-slate-500">{hit.snippet}</p>}
      <p className="mt-2 flex items-center gap-1 text-xs text-slate-500">
        Source:{' '}
        {hit.source.url ? (
          <a
            href={hit.source.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 hover:underline"
          >
            {hit.source.name}
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        ) : (
          <span>{hit.source.name}</span>
        )}
      </p>
    </li>
  );
}
