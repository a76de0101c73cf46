import type { TMarketSignal } from '@atempo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Radar } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { AddToCompaniesButton, addCompanyFromSignal, useAddCompany } from '../../intelligence/index.ts';
import { dashboardKeys, marketSignalsQuery } from '../api/dashboard-api.ts';
import { SIGNAL_TYPE_LABELS, splitUrgentSignals } from '../lib/urgent-signals.ts';

/**
 * Spec 01 §2 Market Intelligence: the latest signals from GET /signals/ (refreshed every 5 minutes),
 * at most 3 high-impact ones first as urgent. A failed load is only logged and the empty state shown
 * (spec 01 §8).
 */
export function MarketIntelligenceCard({ className }: { className?: string }) {
  const headingId = useId();
  const signals = useQuery(marketSignalsQuery());
  useEffect(() => {
    if (signals.error) console.error('Failed to load market signals', signals.error);
  }, [signals.error]);
  const { urgent, others } = splitUrgentSignals(signals.data?.signals ?? []);
  const empty = urgent.length === 0 && others.length === 0;

  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col rounded-xl border border-slate-200 bg-white shadow-xs', className)}
    >
      <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4">
        <span aria-hidden="true" className="rounded-lg bg-indigo-50 p-2 text-indigo-600">
          <Radar className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Market Intelligence
          </h2>
          <p className="text-sm text-slate-500">
            Funding rounds and market moves that matter to your thesis.
          </p>
        </div>
        <Link
          to="/intelligence"
          className={cn(
            'shrink-0 rounded text-sm font-medium text-indigo-700 hover:text-indigo-900',
            focusRing,
          )}
        >
          View all
        </Link>
      </div>
      <div className="flex-1 px-5 py-4">
        {signals.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading market signals" />
          </div>
        ) : empty ? (
          <p className="py-8 text-center text-sm text-slate-500">No market signals detected yet</p>
        ) : (
          <div className="space-y-4">
            {urgent.length > 0 && <SignalList title="Urgent" signals={urgent} urgent />}
            {others.length > 0 && <SignalList title="Latest" signals={others} />}
          </div>
        )}
      </div>
    </section>
  );
}

function SignalList({
  title,
  signals,
  urgent = false,
}: {
  title: string;
  signals: TMarketSignal[];
  urgent?: boolean;
}) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="space-y-2">
        {signals.map((signal) => (
          <SignalItem key={signal.signal_id} signal={signal} urgent={urgent} />
        ))}
      </ul>
    </div>
  );
}

function SignalItem({ signal, urgent }: { signal: TMarketSignal; urgent: boolean }) {
  const action = signal.recommended_actions[0];
  const queryClient = useQueryClient();
  const adding = useAddCompany(() => addCompanyFromSignal(signal.signal_id), {
    // The added company shows as linked in this card, and the stats count it.
    onAdded: () =>
      Promise.all(
        [dashboardKeys.signals, dashboardKeys.stats].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  const companyId = signal.company_id ?? adding.data?.company_id ?? null;
  // Only a signal about one round names a single company that can be added (a sector cluster does not).
  const canAdd = !companyId && signal.announcement_id !== null;
  return (
    <li
      data-urgent={urgent || undefined}
      className={cn(
        'rounded-lg border px-3 py-2.5',
        urgent ? 'border-red-200 bg-red-50/60' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {urgent && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">Urgent</span>
        )}
        <span className="font-medium text-slate-700">{SIGNAL_TYPE_LABELS[signal.signal_type]}</span>
        <span className="text-slate-700">{signal.company_name}</span>
        <span className="text-slate-500">
          Relevance {Math.round(signal.relevance_score * 100)}% · {formatDate(signal.detected_at)}
        </span>
      </div>
      <p className="mt-1 text-sm font-medium text-slate-900">
        {companyId ? (
          <Link
            to={`/companies/${companyId}`}
            className={cn('rounded hover:text-indigo-700 hover:underline', focusRing)}
          >
            {signal.title}
          </Link>
        ) : (
          signal.title
        )}
      </p>
      {action && <p className="mt-0.5 text-sm text-slate-600">{action}</p>}
      {canAdd && (
        <div className="mt-2">
          <AddToCompaniesButton adding={adding} />
        </div>
      )}
    </li>
  );
}
