import type { TDealIntelligence, TKeyMetricName } from '@atempo/contracts';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { metricLabel } from '../../documents/index.ts';
import { useAcceptMetrics, useAcceptPreview } from '../hooks/use-accept-metrics.ts';
import { type AcceptRow, acceptRows } from '../lib/accept-preview.ts';

type KeyMetrics = TDealIntelligence['document_intelligence']['key_metrics'];

/**
 * Shows each figure found next to the deal's current value (old → new, as the server's dry run
 * plans it) and writes only the ones the person ticks: nothing on the deal is overwritten without
 * this confirmation.
 */
export function AcceptMetricsDialog({
  open,
  onOpenChange,
  dealId,
  company,
  keyMetrics,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dealId: string;
  company: string;
  keyMetrics: KeyMetrics;
}) {
  const [chosen, setChosen] = useState<Set<TKeyMetricName>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const preview = useAcceptPreview(dealId, keyMetrics, open);
  const accept = useAcceptMetrics(dealId, keyMetrics);
  const rows = preview.data ? acceptRows(keyMetrics, preview.data) : [];
  // Figures ticked from a document about another company need the person's explicit word.
  const otherCompanyWarnings = [
    ...new Set(rows.filter((row) => chosen.has(row.name) && row.otherCompany).map((row) => row.otherCompany)),
  ] as string[];
  const needsConfirmation = otherCompanyWarnings.length > 0;

  const toggle = (name: TKeyMetricName, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const close = () => {
    setChosen(new Set());
    setConfirmed(false);
    accept.reset();
    onOpenChange(false);
  };

  const submit = () =>
    accept.mutate(
      { names: chosen, confirmOtherCompany: needsConfirmation && confirmed },
      {
        onSuccess: (answer) => {
          if (answer.accepted.length > 0) {
            toast.success(
              `Accepted onto ${company}: ${answer.accepted.map((item) => metricLabel(item.name)).join(', ')}`,
            );
          }
          for (const skipped of answer.skipped) {
            toast.warning(`${metricLabel(skipped.name)} not accepted: ${skipped.reason}`);
          }
          close();
        },
      },
    );

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      size="lg"
      title="Accept metrics onto the deal"
      description={`Tick the figures to write onto ${company}'s financial metrics. The deal is then re-scored.`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            busy={accept.isPending}
            disabled={chosen.size === 0 || (needsConfirmation && !confirmed)}
          >
            {chosen.size === 0
              ? 'Accept metrics'
              : chosen.size === 1
                ? 'Accept 1 metric'
                : `Accept ${chosen.size} metrics`}
          </Button>
        </>
      }
    >
      {accept.isError && (
        <Alert className="mx-6 mt-4">{errorMessage(accept.error, 'Could not accept the metrics')}</Alert>
      )}
      {preview.isPending ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner label="Working out what would change" />
        </div>
      ) : preview.isError ? (
        <Alert className="m-6">
          <p>{errorMessage(preview.error, 'Could not work out what would change')}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <AcceptTable rows={rows} chosen={chosen} disabled={accept.isPending} onToggle={toggle} />
          {needsConfirmation && (
            <Alert tone="warning" className="mx-6 mb-4">
              {otherCompanyWarnings.map((warning) => (
                <p key={warning}>{warning}</p>
              ))}
              <label className="mt-2 flex items-start gap-2 font-medium">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-amber-600"
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.target.checked)}
                />
                <span>Write these figures onto {company} anyway</span>
              </label>
            </Alert>
          )}
        </>
      )}
    </ModalDialog>
  );
}

function AcceptTable({
  rows,
  chosen,
  disabled,
  onToggle,
}: {
  rows: AcceptRow[];
  chosen: ReadonlySet<TKeyMetricName>;
  disabled: boolean;
  onToggle: (name: TKeyMetricName, on: boolean) => void;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Figures found and the deal's current values</caption>
      <thead>
        <tr className="border-b border-slate-100 text-left text-xs text-slate-500">
          <th scope="col" className="py-2 pr-2 pl-6 font-medium">
            <span className="sr-only">Accept</span>
          </th>
          <th scope="col" className="px-2 py-2 font-medium">
            Metric
          </th>
          <th scope="col" className="px-2 py-2 font-medium">
            Deal now → after
          </th>
          <th scope="col" className="py-2 pr-6 pl-2 font-medium">
            Source
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-b border-slate-100 align-top last:border-0">
            <td className="py-2 pr-2 pl-6">
              <input
                type="checkbox"
                aria-label={`Accept ${row.label}`}
                className="size-4 accent-indigo-600"
                disabled={!row.change || row.change.unchanged || disabled}
                checked={chosen.has(row.name)}
                onChange={(event) => onToggle(row.name, event.target.checked)}
              />
            </td>
            <td className="px-2 py-2">
              <span className="font-medium text-slate-900">{row.label}</span>
              <span className="block text-xs text-slate-500">Found: {row.found}</span>
              {row.otherCompany && (
                <span className="block text-xs font-medium text-amber-800">{row.otherCompany}</span>
              )}
            </td>
            <td className="px-2 py-2 tabular-nums">
              {row.change ? (
                <>
                  <span className="inline-flex items-center gap-1.5">
                    <span className="text-slate-500">{row.change.current ?? 'none'}</span>
                    <ArrowRight aria-hidden="true" className="size-3.5 text-slate-400" />
                    <span className="sr-only">becomes</span>
                    <span className="text-slate-900">{row.change.next}</span>
                  </span>
                  {row.change.unchanged && (
                    <span className="block text-xs text-slate-500">Already on the deal</span>
                  )}
                  {row.note && <span className="block text-xs text-slate-500">{row.note}</span>}
                </>
              ) : (
                <span className="text-xs text-slate-500">Not accepted: {row.skipped}</span>
              )}
            </td>
            <td className="py-2 pr-6 pl-2 text-xs text-slate-500">
              {row.documentName} · {row.sourceLabel}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
