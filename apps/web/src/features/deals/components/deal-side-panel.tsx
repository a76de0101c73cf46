import type { TDeal } from '@atempo/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { useReturnFocus } from '../../../components/ui/return-focus.ts';
import { textLinkClasses } from '../../../components/ui/text-link.tsx';
import { financialMetricRows } from '../../../lib/format/financial-metric-rows.ts';
import { formatEuro, formatMillions } from '../../../lib/format/money.ts';
import { formatDate } from '../../../lib/format.ts';
import { AskAnythingCard } from '../../assistant/index.ts';
import { AiIntelligenceCard } from '../../deal-intelligence/index.ts';
import { SmartDocumentUpload } from '../../documents/index.ts';
import { ViewIcMaterials } from '../../ic-memos/index.ts';
import { DEAL_TYPE_LABELS, SOURCE_TYPE_LABELS } from '../lib/deal-labels.ts';
import { RecommendationBadge, RedFlagLevelBadge, StageBadge } from './deal-badges.tsx';
import { type DealPreview, FullDeal } from './full-deal.tsx';
import { LastContact } from './last-contact.tsx';
import { ScoreBadge } from './score-badge.tsx';
import { SuggestedFacility } from './suggested-facility.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 px-6 py-4">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function sourceText(deal: TDeal): string {
  const type = deal.source_type ? SOURCE_TYPE_LABELS[deal.source_type] : null;
  if (type && deal.source_name) return `${type} · ${deal.source_name}`;
  return type ?? deal.source_name ?? '—';
}

/** The right side panel for the selected deal (spec 02 §2); the whole deal is loaded on opening. */
export function DealSidePanel({
  deal,
  onClose,
  onOpenScore,
}: {
  deal: DealPreview | null;
  onClose: () => void;
  onOpenScore: (deal: DealPreview) => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // Focus the panel itself rather than its close button, which would show a focus ring on open.
  const returnFocus = useReturnFocus((event) => {
    event.preventDefault();
    panel.current?.focus();
  });
  return (
    <Dialog.Root
      open={deal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/20" />
        <Dialog.Content
          ref={panel}
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-slate-200 bg-white shadow-2xl focus:outline-none"
        >
          {deal && (
            <>
              <PanelHeader preview={deal} />
              <FullDeal id={deal.id}>
                {(full) => <PanelBody deal={full} onOpenScore={onOpenScore} />}
              </FullDeal>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PanelHeader({ preview }: { preview: DealPreview }) {
  return (
    <div className="flex items-start justify-between gap-4 px-6 pt-5 pb-2">
      <div className="min-w-0">
        <p className="font-mono text-xs text-slate-500">Deal #{preview.deal_number}</p>
        <Dialog.Title className="mt-0.5 truncate text-xl font-semibold text-slate-900">
          {preview.company}
        </Dialog.Title>
        <Dialog.Description className="sr-only">Details of this deal</Dialog.Description>
      </div>
      <Dialog.Close
        aria-label="Close panel"
        className={cn('rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600', focusRing)}
      >
        <X aria-hidden="true" className="size-5" />
      </Dialog.Close>
    </div>
  );
}

function PanelBody({ deal, onOpenScore }: { deal: TDeal; onOpenScore: (deal: DealPreview) => void }) {
  const metrics = financialMetricRows(deal.financial_metrics);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 pb-4">
        <Link to={`/companies/${deal.company_id}`} className={cn(textLinkClasses, 'text-sm')}>
          View company
        </Link>
        {/* Prepare IC Materials is on the AI Intelligence card below (spec 01); here, earlier ones. */}
        <ViewIcMaterials dealId={deal.id} company={deal.company} />
      </div>
      <div className="grid grid-cols-2 gap-4 px-6 pb-4">
        <div>
          <p className="text-xs text-slate-500">Amount requested</p>
          <p
            className="text-2xl font-semibold text-slate-900 tabular-nums"
            title={formatEuro(deal.amount_requested)}
          >
            {formatMillions(deal.amount_requested)}
          </p>
          <p className="text-xs text-slate-500 tabular-nums">{formatEuro(deal.amount_requested)}</p>
        </div>
        <div className="space-y-2">
          <div className="flex items-center gap-2">
            <span className="w-20 text-xs text-slate-500">Score</span>
            <ScoreBadge score={deal.thematic_score} company={deal.company} onOpen={() => onOpenScore(deal)} />
          </div>
          <div className="flex items-center gap-2">
            <span className="w-20 text-xs text-slate-500">Thesis view</span>
            <RecommendationBadge recommendation={deal.thematic_recommendation} />
          </div>
          <div className="flex items-center gap-2">
            <span className="w-20 text-xs text-slate-500">Red flags</span>
            <RedFlagLevelBadge level={deal.red_flag_level} />
          </div>
        </div>
      </div>

      <div className="px-6 pb-4">
        <AiIntelligenceCard dealId={deal.id} company={deal.company} />
      </div>

      <div className="px-6 pb-4">
        <AskAnythingCard deal={{ id: deal.id, company: deal.company }} headingLevel="h3" />
      </div>

      <div className="border-t border-slate-100 px-6 py-4">
        <SmartDocumentUpload headingLevel="h3" target={{ dealId: deal.id, companyName: deal.company }} />
      </div>

      <Section title="Deal">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Fact label="Stage">
            <StageBadge stage={deal.stage} />
          </Fact>
          <Fact label="Source">{sourceText(deal)}</Fact>
          <Fact label="Sector">{deal.sector ?? '—'}</Fact>
          <Fact label="Geography">{deal.geography ?? '—'}</Fact>
          <Fact label="Deal type">{deal.deal_type ? DEAL_TYPE_LABELS[deal.deal_type] : '—'}</Fact>
          <Fact label="Last contact">
            <LastContact at={deal.last_interaction} />
          </Fact>
          <Fact label="Created">{formatDate(deal.created_at)}</Fact>
        </dl>
      </Section>

      <Section title="Description">
        <p className="text-sm whitespace-pre-line text-slate-700">
          {deal.description || <span className="text-slate-400">No description yet.</span>}
        </p>
      </Section>

      <Section title="Key financial metrics">
        {metrics.length > 0 ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            {metrics.map((row) => (
              <Fact key={row.label} label={row.label}>
                <span className="tabular-nums">{row.value}</span>
              </Fact>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-400">No financial metrics recorded.</p>
        )}
      </Section>

      <Section title="Suggested facility">
        <SuggestedFacility facility={deal.suggested_facility} />
      </Section>
    </div>
  );
}
