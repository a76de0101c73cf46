import { Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { formatEuro } from '../../../lib/format/money.ts';
import type { AgentIcPackage } from '../api/ic-memos-api.ts';
import { AGENT_EMAIL_COMING_SOON } from '../lib/ic-texts.ts';

/** A value of the agent's package as text: numbers as euros, objects as their fields, missing said so. */
function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Not in the package';
  if (typeof value === 'number') return formatEuro(value);
  // Citation markers read as note numbers; the package has no notes list to lead to.
  if (typeof value === 'string') return value.replace(/\[\^(\d{1,4})\]/g, '[$1]');
  if (Array.isArray(value)) return value.map(describe).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key.replace(/_/g, ' ')}: ${describe(inner)}`)
      .join('; ');
  }
  return String(value);
}

/** The agent generator's IC package (spec 02 §3 IC package); its email is not offered yet (spec 02 §2). */
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
      <h3 className="text-base font-semibold text-slate-900">Executive Summary</h3>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">
        {describe(icPackage.executive_summary)}
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-sm font-medium text-slate-900">{describe(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-500">{AGENT_EMAIL_COMING_SOON}</p>
    </ModalDialog>
  );
}
