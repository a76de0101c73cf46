import type { TFundingAnnouncement, TSignalPriority } from '@atempo/contracts';
import { ChevronDown, ChevronUp, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { addCompanyFromRound } from '../api/add-company-api.ts';
import { useAddCompany } from '../hooks/use-add-company.ts';
import {
  debtOpportunityText,
  formatMillions,
  growthPotential,
  shownRegion,
  shownSector,
  timeText,
  timingText,
  toFundingSignal,
} from '../lib/funding-signal.ts';
import { AddToCompaniesButton } from './add-to-companies-button.tsx';

const PRIORITY: Record<TSignalPriority, { label: string; tone: 'success' | 'warning' | 'neutral' }> = {
  high: { label: 'High Priority', tone: 'success' },
  medium: { label: 'Medium Priority', tone: 'warning' },
  low: { label: 'Low Priority', tone: 'neutral' },
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One round: company, amount, stage, time and priority; View Details opens the analysis. A tracked
 * company's name links to it; an untracked one can be added from here.
 */
export function FundingSignalCard({
  announcement,
  defaultOpen = false,
}: {
  announcement: TFundingAnnouncement;
  defaultOpen?: boolean;
}) {
  const signal = toFundingSignal(announcement);
  const [open, setOpen] = useState(defaultOpen);
  const detailsId = useId();
  const adding = useAddCompany(() => addCompanyFromRound(announcement.id));
  // The list refreshes after an add; until it carries the link, the add's own answer does.
  const companyId = announcement.company_id ?? adding.data?.company_id ?? null;
  const priority = PRIORITY[signal.impact];
  const region = shownRegion(signal.region);
  const sector = shownSector(signal.sector);
  return (
    <article aria-label={signal.company} className="px-6 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">
            {companyId ? (
              <Link
                to={`/companies/${companyId}`}
                className={cn(
                  'rounded underline decoration-slate-300 underline-offset-4 hover:text-indigo-700 hover:decoration-indigo-400',
                  focusRing,
                )}
              >
                {signal.company}
              </Link>
            ) : (
              signal.company
            )}
          </h3>
          <p className="mt-0.5 truncate text-xs text-slate-500" title={signal.title}>
            {signal.title}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {!companyId && <AddToCompaniesButton adding={adding} />}
          <Badge tone={priority.tone}>{priority.label}</Badge>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatMillions(signal.amount, signal.currency)}
        </span>
        {signal.stage && <Badge tone="accent">{signal.stage}</Badge>}
        {signal.rumoured && <Badge>Rumoured</Badge>}
        <time
          dateTime={signal.time}
          className="text-xs text-slate-500"
          title={
            signal.isActualDate ? 'Publication date' : 'Publication date unknown: when the article was read'
          }
        >
          {timeText(signal)}
        </time>
        <button
          type="button"
          aria-expanded={open}
          // The details are only rendered open: point at them only then.
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen(!open)}
          className="ml-auto inline-flex items-center gap-1 rounded text-xs font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {open ? 'Hide Details' : 'View Details'}
          {open ? (
            <ChevronUp aria-hidden="true" className="size-3.5" />
          ) : (
            <ChevronDown aria-hidden="true" className="size-3.5" />
          )}
        </button>
      </div>
      {open && (
        <div id={detailsId} className="mt-4 space-y-4 rounded-lg bg-slate-50 p-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Detail label="Funding Amount">{formatMillions(signal.amount, signal.currency)}</Detail>
            <Detail label="Stage">{signal.stage ?? 'Not in the data'}</Detail>
            {region && <Detail label="Region">{region}</Detail>}
            {sector && <Detail label="Sector">{sector}</Detail>}
          </dl>
          <section aria-label="Investment Opportunity Analysis">
            <h4 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
              Investment Opportunity Analysis
            </h4>
            <dl className="mt-2 grid gap-3 sm:grid-cols-3">
              <Detail label="Growth Potential">{growthPotential(signal)}</Detail>
              <Detail label="Timing">{timingText(signal)}</Detail>
              <Detail label="Debt Opportunity">{debtOpportunityText(signal)}</Detail>
            </dl>
          </section>
          {signal.investors.length > 0 && (
            <p className="text-sm text-slate-700">
              <span className="text-xs font-medium text-slate-500">Investors: </span>
              {signal.investors.join(', ')}
            </p>
          )}
          <div>
            <p className="text-xs font-medium text-slate-500">
              Sources ({signal.sources.length}) · confidence {Math.round(signal.confidence * 100)}%
            </p>
            <ul className="mt-1 space-y-0.5 text-sm">
              {signal.sources.map((source, i) => (
                <li key={`${source.name}-${source.url ?? i}`}>
                  {source.url ? (
                    <a
                      href={source.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-indigo-600 hover:underline"
                    >
                      {source.name}
                      <ExternalLink aria-hidden="true" className="size-3" />
                    </a>
                  ) : (
                    <span className="text-slate-700">{source.name}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </article>
  );
}
