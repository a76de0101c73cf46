import type { TDealIntelligence, TFinancialMetrics, TKeyMetricName } from '@atempo/contracts';
import { ArrowRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { metricLabel } from '../../documents/lib/metric-format.ts';
import { useAcceptMetrics } from '../hooks/use-accept-metrics.ts';
import { acceptRequests, acceptRows } from '../lib/accept-preview.ts';

/**
 * Shows each figure found next to the deal's current value (old → new) and writes only the ones
 * the person ticks: nothing on the deal is overwritten without this confirmation.
 */
export function AcceptMetricsDialog({
  open,
  onOpenChange,
  dealId,
  company,
  keyMetrics,
  dealMetrics,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dealId: string;
  company: string;
  keyMetrics: TDealIntelligence['document_intelligence']['key_metrics'];
  dealMetrics: TFinancialMetrics | null | undefined;
}) {
  const rows = useMemo(() => acceptRows(keyMetrics, dealMetrics), [keyMetrics, dealMetrics]);
  const [chosen, setChosen] = useState<Set<TKeyMetricName>>(new Set());
  const accept = useAcceptMetrics(dealId);

  const toggle = (name: TKeyMetricName, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = () =>
    accept.mutate(acceptRequests(rows, chosen), {
      onSuccess: (answer) => {
        if (answer.accepted.length > 0) {
          toast.success(
            `Accepted onto ${company}: ${answer.accepted.map((item) => metricLabel(item.name)).join(', ')}`,
          );
        }
        for (const skipped of answer.skipped)
          toast.warning(`${metricLabel(skipped.name)} not accepted: ${skipped.reason}`);
        setChosen(new Set());
        onOpenChange(false);
      },
    });

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setChosen(new Set());
          accept.reset();
        }
        onOpenChange(next);
      }}
      size="lg"
      title="Accept metrics onto the deal"
      description={`Tick the figures to write onto ${company}'s financial metrics. The deal is then re-scored.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} busy={accept.isPending} disabled={chosen.size === 0}>
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
              Deal now → found
            </th>
            <th scope="col" className="py-2 pr-6 pl-2 font-medium">
              Source
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-2 pl-6">
                <input
                  type="checkbox"
                  aria-label={`Accept ${row.label}`}
                  className="size-4 accent-indigo-600"
                  disabled={!row.acceptable || row.unchanged || accept.isPending}
                  checked={chosen.has(row.name)}
                  onChange={(event) => toggle(row.name, event.target.checked)}
                />
              </td>
              <td className="px-2 py-2 font-medium text-slate-900">{row.label}</td>
              <td className="px-2 py-2 tabular-nums">
                {row.acceptable ? (
                  <span className="inline-flex items-center gap-1.5">
                    <span className="text-slate-500">{row.current ?? 'none'}</span>
                    <ArrowRight aria-hidden="true" className="size-3.5 text-slate-400" />
                    <span className="sr-only">becomes</span>
                    <span className="text-slate-900">{row.found}</span>
                    {row.unchanged && <span className="text-xs text-slate-500">(already on the deal)</span>}
                  </span>
                ) : (
                  <span className="text-slate-500">{row.found} · no matching deal field</span>
                )}
              </td>
              <td className="py-2 pr-6 pl-2 text-xs text-slate-500">
                {row.documentName} · {row.sourceLabel}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ModalDialog>
  );
}
