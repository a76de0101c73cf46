import type { TCompany } from '@atempo/contracts';
import { formatEuroCompact } from '../../../../lib/format/money.ts';
import { formatPercent } from '../../../../lib/format/percent.ts';
import { companyFinancialMetrics } from '../../lib/create-deal-form.ts';

/** The company's figures a deal made for it starts from; they are sent with the deal, not typed. */
export function CompanyFinancials({ company }: { company: TCompany }) {
  const metrics = companyFinancialMetrics(company);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:col-span-2">
      <p className="font-medium text-slate-700">Financials from the company</p>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-slate-600">
        <div>
          <dt className="text-xs text-slate-500">Revenue</dt>
          <dd>{formatEuroCompact(metrics.revenue)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Growth</dt>
          <dd>{formatPercent(metrics.revenue_growth, { signed: true })}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Employees</dt>
          <dd>{metrics.employee_count ?? '—'}</dd>
        </div>
      </dl>
    </div>
  );
}
