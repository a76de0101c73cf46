import {
  DEAL_SOURCE_TYPES,
  DEAL_TYPES,
  type TCompany,
  type TDealSourceType,
  type TDealStage,
  type TDealType,
} from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEuroCompact } from '../../../lib/format/money.ts';
import { companyDetailQuery, companyKeys } from '../api/companies-api.ts';
import { createDealForCompany, dealsKey } from '../api/create-deal-api.ts';
import {
  companyFinancialMetrics,
  type DealFormValues,
  dealAmount,
  dealAmountError,
  initialDealForm,
  NEW_DEAL_STAGES,
  toCreateDealRequest,
} from '../lib/deal-from-company.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { formatPercent, humanize } from '../lib/format.ts';

const sourceTypeLabels: Record<TDealSourceType, string> = {
  direct: 'Direct',
  tier1_vc: 'Tier 1 VC',
  tier2_vc: 'Tier 2 VC',
  referral: 'Referral',
  inbound: 'Inbound',
  conference: 'Conference',
};

export function CreateDealDialog({
  company,
  onOpenChange,
}: {
  /** The company to open a deal for (a list row will do: the whole company is loaded); null keeps it closed. */
  company: Pick<TCompany, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog
      open={company !== null}
      onOpenChange={onOpenChange}
      title={company ? `Create deal for ${company.name}` : 'Create deal'}
      description="Sector, geography and financials start from the company's profile."
    >
      {company && <FullCompanyForm key={company.id} id={company.id} onDone={() => onOpenChange(false)} />}
    </ModalDialog>
  );
}

/** The form starts from the company's profile and metrics, which only the whole company has. */
function FullCompanyForm({ id, onDone }: { id: string; onDone: () => void }) {
  const query = useQuery(companyDetailQuery(id));
  if (query.data) return <CreateDealForm company={query.data} onDone={onDone} />;
  if (query.isError) {
    return <Alert>{errorMessage(query.error, 'Could not load the company')}</Alert>;
  }
  return (
    <div className="flex justify-center py-10 text-indigo-600">
      <Spinner label="Loading the company" />
    </div>
  );
}

function CreateDealForm({ company, onDone }: { company: TCompany; onDone: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<DealFormValues>(() => initialDealForm(company));
  const set =
    <K extends keyof DealFormValues>(key: K) =>
    (value: DealFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const create = useMutation({
    mutationFn: () => createDealForCompany(toCreateDealRequest(company, values)),
    onSuccess: async (deal) => {
      toast.success(`Deal #${deal.deal_number} created for ${company.name}`, {
        action: { label: 'View deals', onClick: () => navigate('/deals') },
      });
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dealsKey }),
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(company.id) }),
      ]);
    },
    onError: (error) => toast.error(failureMessage('create deal', error)),
  });

  const amount = dealAmount(values);
  const metrics = companyFinancialMetrics(company);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amount === undefined) return;
    create.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Create deal">
      <div className="space-y-4 px-6 py-5">
        <TextField
          label="Amount Requested (EUR)"
          required
          autoFocus
          autoComplete="off"
          placeholder="e.g. 5000000 or 2.5m"
          hint={amount === undefined ? 'Required' : `${formatEuroCompact(amount)} requested`}
          error={dealAmountError(values)}
          value={values.amount}
          onChange={(event) => set('amount')(event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Stage">
            {({ id }) => (
              <Select
                id={id}
                value={values.stage}
                onChange={(event) => set('stage')(event.target.value as TDealStage)}
              >
                {NEW_DEAL_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {humanize(stage)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Deal Type">
            {({ id }) => (
              <Select
                id={id}
                value={values.deal_type}
                onChange={(event) => set('deal_type')(event.target.value as TDealType | '')}
              >
                <option value="">Not decided</option>
                {DEAL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {humanize(type)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Source Type">
            {({ id }) => (
              <Select
                id={id}
                value={values.source_type}
                onChange={(event) => set('source_type')(event.target.value as TDealSourceType | '')}
              >
                <option value="">Not recorded</option>
                {DEAL_SOURCE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {sourceTypeLabels[type]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <TextField
            label="Source Name"
            placeholder="Who introduced it"
            value={values.source_name}
            onChange={(event) => set('source_name')(event.target.value)}
          />
          <TextField
            label="Sector"
            value={values.sector}
            onChange={(event) => set('sector')(event.target.value)}
          />
          <TextField
            label="Geography"
            value={values.geography}
            onChange={(event) => set('geography')(event.target.value)}
          />
        </div>
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
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
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending} disabled={amount === undefined}>
          {create.isPending ? 'Creating...' : 'Create deal'}
        </Button>
      </DialogFooter>
    </form>
  );
}
