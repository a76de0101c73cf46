import type { TDealIntelligence } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, ExternalLink, EyeOff, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatKeyMetric, metricLabel, orderedMetrics } from '../../documents/index.ts';
import { PrepareIcMaterials } from '../../ic-memos/index.ts';
import { dealIntelligenceQuery } from '../api/deal-intelligence-api.ts';
import { AcceptMetricsDialog } from './accept-metrics-dialog.tsx';

/** Spec 01 §9: key metrics shown 4; recommendations shown 2; risk list scroll hint above 5. */
export const CARD_KEY_METRICS = 4;
export const CARD_RECOMMENDATIONS = 2;
export const RISK_SCROLL_HINT_ABOVE = 5;
export const AI_CARD_EMPTY_TEXT = 'AI analysis will appear here when documents are uploaded';

export interface AiIntelligenceCardProps {
  dealId: string;
  company: string;
}

/**
 * Spec 01 AI Intelligence card: what the deal's documents say, in brief. It can be collapsed, or
 * hidden; a floating button brings it back.
 */
export function AiIntelligenceCard({ dealId, company }: AiIntelligenceCardProps) {
  const [hidden, setHidden] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const bodyId = useId();
  const query = useQuery(dealIntelligenceQuery(dealId));
  // Hiding removes the focused Hide button and showing removes the floating one: move the focus
  // to the control that replaces it, but only after the person toggled (not on first render).
  const toggled = useRef(false);
  const floating = useRef<HTMLButtonElement>(null);
  const hide = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!toggled.current) return;
    (hidden ? floating : hide).current?.focus();
  }, [hidden]);
  const setVisibility = (nextHidden: boolean) => {
    toggled.current = true;
    setHidden(nextHidden);
  };

  if (hidden) {
    return (
      <button
        ref={floating}
        type="button"
        onClick={() => setVisibility(false)}
        className={cn(
          buttonClasses('primary', 'md'),
          'absolute right-5 bottom-5 z-10 rounded-full shadow-lg',
        )}
      >
        <Sparkles aria-hidden="true" className="size-4" />
        Show AI Intelligence
      </button>
    );
  }

  return (
    <section
      aria-label="AI Intelligence"
      className="rounded-xl border border-indigo-100 bg-gradient-to-b from-indigo-50/60 to-white"
    >
      <div className="flex items-center justify-between gap-2 px-4 py-3">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Sparkles aria-hidden="true" className="size-4 text-indigo-600" />
          AI Intelligence
        </h3>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            onClick={() => setCollapsed((value) => !value)}
          >
            {collapsed ? (
              <ChevronDown aria-hidden="true" className="size-4" />
            ) : (
              <ChevronUp aria-hidden="true" className="size-4" />
            )}
            {collapsed ? 'Expand' : 'Collapse'}
          </Button>
          <button
            ref={hide}
            type="button"
            className={buttonClasses('ghost', 'sm')}
            onClick={() => setVisibility(true)}
          >
            <EyeOff aria-hidden="true" className="size-4" />
            Hide
          </button>
        </div>
      </div>
      {!collapsed && (
        <div id={bodyId} className="border-t border-indigo-100 px-4 py-3">
          {query.isPending ? (
            <div className="flex justify-center py-6 text-indigo-600">
              <Spinner label="Loading the AI analysis" />
            </div>
          ) : query.isError ? (
            <Alert>
              <p>{errorMessage(query.error, 'Could not load the AI analysis')}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <CardBody intelligence={query.data} company={company} />
          )}
        </div>
      )}
    </section>
  );
}

function hasAnalysis(intelligence: TDealIntelligence): boolean {
  const found = intelligence.document_intelligence;
  return (
    found.documents_analysed > 0 ||
    Object.keys(found.key_metrics).length > 0 ||
    found.risk_flags.length > 0 ||
    found.action_items.length > 0
  );
}

function CardBody({ intelligence, company }: { intelligence: TDealIntelligence; company: string }) {
  const found = intelligence.document_intelligence;
  if (!hasAnalysis(intelligence)) {
    // A memo can be written from the deal record alone, so the buttons stay without documents.
    return (
      <div className="space-y-3">
        <p className="py-2 text-center text-sm text-slate-500">{AI_CARD_EMPTY_TEXT}</p>
        <CardActions intelligence={intelligence} company={company} />
      </div>
    );
  }
  const metrics = orderedMetrics(found.key_metrics, CARD_KEY_METRICS);
  const recommendations = found.action_items.slice(0, CARD_RECOMMENDATIONS);
  const otherCompany = found.other_company_documents ?? [];

  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-500">
        From {found.documents_analysed} analysed {found.documents_analysed === 1 ? 'document' : 'documents'}
      </p>
      {otherCompany.length > 0 && (
        // Before the figures: some may be another company's (issue 18 §4).
        <Alert tone="warning">
          <ul className="space-y-1">
            {otherCompany.map((document) => (
              <li key={document.document_id}>
                <span className="font-medium">{document.document_name}:</span> {document.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div>
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Key Metrics</h4>
        {metrics.length > 0 ? (
          <dl className="grid grid-cols-2 gap-2">
            {metrics.map(([name, metric]) => (
              <div key={name} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
                <dt className="text-xs text-slate-500">{metricLabel(name)}</dt>
                <dd className="text-base font-semibold text-slate-900 tabular-nums">
                  {formatKeyMetric(name, metric)}
                </dd>
                <dd
                  className="truncate text-xs text-slate-500"
                  title={`${metric.document_name}, ${metric.source.label}`}
                >
                  {metric.source.label}
                </dd>
                {metric.other_company && (
                  <dd
                    className="truncate text-xs font-medium text-amber-800"
                    title={metric.other_company.message}
                  >
                    About {metric.other_company.name}
                  </dd>
                )}
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">No figures found in the documents.</p>
        )}
      </div>

      <RiskFlags flags={found.risk_flags.map((flag) => flag.text)} />

      <div>
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          AI Recommendations
        </h4>
        {recommendations.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {recommendations.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No recommendations.</p>
        )}
      </div>

      <CardActions intelligence={intelligence} company={company} />
    </div>
  );
}

/** Prepare IC Materials and Full Analysis (spec 01), and Accept metrics when there are figures. */
function CardActions({ intelligence, company }: { intelligence: TDealIntelligence; company: string }) {
  const [accepting, setAccepting] = useState(false);
  const found = intelligence.document_intelligence;
  const hasMetrics = Object.keys(found.key_metrics).length > 0;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <PrepareIcMaterials dealId={intelligence.deal_id} company={company} />
        <a
          href={`/deals/${encodeURIComponent(intelligence.deal_id)}/intelligence`}
          target="_blank"
          rel="noopener"
          className={buttonClasses('secondary', 'sm')}
        >
          Full Analysis
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {hasMetrics && (
          <Button size="sm" variant="secondary" onClick={() => setAccepting(true)}>
            Accept metrics
          </Button>
        )}
      </div>
      <AcceptMetricsDialog
        open={accepting}
        onOpenChange={setAccepting}
        dealId={intelligence.deal_id}
        company={company}
        keyMetrics={found.key_metrics}
      />
    </>
  );
}

function RiskFlags({ flags }: { flags: string[] }) {
  const hintId = useId();
  const scrolls = flags.length > RISK_SCROLL_HINT_ABOVE;
  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Risk Flags</h4>
        {scrolls && (
          <span id={hintId} className="text-xs text-slate-500">
            Scroll to see all
          </span>
        )}
      </div>
      {flags.length > 0 ? (
        // A scrolling region must be reachable by keyboard to be scrolled (WCAG 2.1.1).
        <ul
          aria-label="Risk Flags"
          aria-describedby={scrolls ? hintId : undefined}
          tabIndex={scrolls ? 0 : undefined}
          className="max-h-56 space-y-1.5 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          {flags.map((flag, index) => (
            <li
              // Two documents may raise the same sentence.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static while shown
              key={index}
              className="rounded-md bg-red-50 px-2.5 py-1.5 text-sm text-red-800"
            >
              {flag}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No risk flags found.</p>
      )}
    </div>
  );
}
