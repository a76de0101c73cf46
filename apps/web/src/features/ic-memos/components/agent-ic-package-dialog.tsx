import { type TIcPackageFigure, ZIcMemoFootnote } from '@atempo/contracts';
import { Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { formatEuro } from '../../../lib/format/money.ts';
import { humanize } from '../../../lib/humanize.ts';
import { formatKeyMetric } from '../../documents/index.ts';
import type { AgentIcPackage } from '../api/ic-memos-api.ts';
import { AGENT_EMAIL_COMING_SOON } from '../lib/ic-texts.ts';
import { MemoMarkdown } from './memo-markdown.tsx';
import { MemoNotes, useMemoNotes } from './memo-notes.tsx';

const NOT_IN_PACKAGE = '*Not in the package*';

/**
 * A value of the package as Markdown: numbers as euros, lists and objects as bullet lists of their
 * fields, text as the generator wrote it (Markdown with `[^n]` markers), a missing value said so.
 */
/** A figure of the package (ZIcPackageFigure): its value in its own unit, its period and source. */
function isPackageFigure(value: unknown): value is TIcPackageFigure {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['label', 'value', 'unit', 'source'].every((key) => key in value)
  );
}

function figureMarkdown(figure: TIcPackageFigure): string {
  const period = figure.period ? ` (${figure.period})` : '';
  const pending = figure.not_yet_accepted ? ', from the document, not yet accepted' : '';
  const { unit, value } = figure;
  // Package amounts are in EUR, as every figure of the memo.
  const shown =
    unit === 'date' ? String(value) : formatKeyMetric(figure.name, { value, unit, currency: 'EUR' });
  return `${figure.label} ${shown}${period}, ${figure.source}${pending}`;
}

function packageValueMarkdown(value: unknown): string {
  if (value === null || value === undefined || value === '') return NOT_IN_PACKAGE;
  if (isPackageFigure(value)) return figureMarkdown(value);
  if (typeof value === 'number') return formatEuro(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => `- ${packageValueMarkdown(item)}`).join('\n');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `- **${humanize(key)}:** ${packageValueMarkdown(inner)}`)
      .join('\n');
  }
  return String(value);
}

/**
 * An IC package from an agent generator that stored no memo (spec 02 §3 IC package): its texts
 * rendered, each citation marker leading to its note; its email is not offered yet (spec 02 §2).
 */
export function AgentIcPackageDialog({
  open,
  onOpenChange,
  company,
  icPackage,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  company: string;
  icPackage: AgentIcPackage;
}) {
  const notes = useMemoNotes();
  // Another service's package: its notes are shown only when they are notes.
  const footnotes = ZIcMemoFootnote.array().safeParse(icPackage.footnotes).data ?? [];
  const facts: [string, unknown][] = [
    ['Investment recommendation', icPackage.investment_recommendation],
    ['Facility amount', icPackage.deal_terms?.facility_amount],
    ['Revenue forecast', icPackage.financial_analysis?.revenue_forecast],
    ['Debt capacity', icPackage.financial_analysis?.debt_capacity],
    ['Overall risk rating', icPackage.risk_assessment?.overall_risk_rating],
  ];
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      padded
      title={`IC package: ${company}`}
      description="Prepared by the agent generator"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button variant="secondary" onClick={() => window.alert(AGENT_EMAIL_COMING_SOON)}>
            <Mail aria-hidden="true" className="size-4" />
            Email
          </Button>
        </>
      }
    >
      <article aria-label="IC package" className="text-sm break-words text-slate-700">
        <h3 className="text-base font-semibold text-slate-900">Executive Summary</h3>
        <MemoMarkdown
          markdown={packageValueMarkdown(icPackage.executive_summary)}
          onCitation={notes.showNote}
        />
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-sm font-medium text-slate-900">
                <MemoMarkdown markdown={packageValueMarkdown(value)} onCitation={notes.showNote} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-4">
          <MemoNotes footnotes={footnotes} prefix={notes.prefix} highlighted={notes.highlighted} />
        </div>
      </article>
      <p className="mt-4 text-xs text-slate-500">{AGENT_EMAIL_COMING_SOON}</p>
    </ModalDialog>
  );
}
