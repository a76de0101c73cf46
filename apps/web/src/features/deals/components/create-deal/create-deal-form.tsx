import { DEAL_TYPES, type TCompany, type TDeal } from '@atempo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { Field } from '../../../../components/ui/field.tsx';
import { inputClasses } from '../../../../components/ui/input.tsx';
import { DialogFooter } from '../../../../components/ui/modal-dialog.tsx';
import { Select } from '../../../../components/ui/select-field.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../../lib/failure-text.ts';
import { useCreateDeal } from '../../hooks/use-create-deal.ts';
import {
  type CreateDealFormValues,
  type CreateDealRequest,
  createDealSchema,
  initialCreateDealValues,
} from '../../lib/create-deal-form.ts';
import {
  DEAL_TYPE_LABELS,
  NEW_DEAL_STAGES,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPES,
  STAGE_LABELS,
} from '../../lib/deal-labels.ts';
import { AmountField } from './amount-field.tsx';
import { CompanyFinancials } from './company-financials.tsx';
import type { CreateDealCopy } from './create-deal-copy.ts';

export interface CreateDealFormProps {
  copy: CreateDealCopy;
  /** The deal is for this company: its name is not asked, its profile fills the form. */
  company?: TCompany;
  onCreated: (deal: TDeal) => void;
  onCancel: () => void;
}

/**
 * The one form that creates a deal (spec 02 §2), from the pipeline or for a company. Submit stays
 * disabled until the form reads as a request the contract accepts: a company and an amount.
 */
export function CreateDealForm({ copy, company, onCreated, onCancel }: CreateDealFormProps) {
  const navigate = useNavigate();
  const form = useForm<CreateDealFormValues, unknown, CreateDealRequest>({
    resolver: zodResolver(createDealSchema(company)),
    defaultValues: initialCreateDealValues(company),
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const typedAmount = useWatch({ control: form.control, name: 'amount_requested' });
  const create = useCreateDeal({
    onCreated: (deal) => {
      const name = company?.name ?? deal.company;
      toast.success(`Deal #${deal.deal_number} created for ${name}`, {
        action: copy.offerViewDeals ? { label: 'View deals', onClick: () => navigate('/deals') } : undefined,
      });
      onCreated(deal);
    },
    onFailed: (error) => {
      const message = failureMessage('create deal', error);
      if (copy.announceFailure === 'alert') window.alert(message);
      else toast.error(message);
    },
  });

  return (
    <form aria-label={copy.formName} onSubmit={form.handleSubmit((request) => create.mutate(request))}>
      <div className="grid grid-cols-1 gap-4 px-6 py-5 sm:grid-cols-2">
        {!company && (
          <TextField
            label={copy.companyName}
            required
            autoComplete="off"
            placeholder="e.g. Lumen Robotics"
            {...form.register('company_name')}
          />
        )}
        <AmountField
          label={copy.amount}
          typed={typedAmount}
          error={errors.amount_requested?.message}
          registration={form.register('amount_requested')}
          autoFocus={Boolean(company)}
        />
        <Field label={copy.sourceType}>
          {({ id }) => (
            <Select id={id} {...form.register('source_type')}>
              {copy.noSourceType && <option value="">{copy.noSourceType}</option>}
              {SOURCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SOURCE_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label={copy.sourceName}
          placeholder="e.g. Balderton Capital"
          error={errors.source_name?.message}
          {...form.register('source_name')}
        />
        <Field label={copy.stage}>
          {({ id }) => (
            <Select id={id} {...form.register('stage')}>
              {NEW_DEAL_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={copy.dealType}>
          {({ id }) => (
            <Select id={id} {...form.register('deal_type')}>
              <option value="">{copy.noDealType}</option>
              {DEAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DEAL_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label={copy.sector}
          placeholder="e.g. Fintech"
          error={errors.sector?.message}
          {...form.register('sector')}
        />
        <TextField
          label={copy.geography}
          placeholder="e.g. United Kingdom"
          error={errors.geography?.message}
          {...form.register('geography')}
        />
        <Field label={copy.description} error={errors.description?.message} className="sm:col-span-2">
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={3}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={cn(inputClasses, 'h-auto py-2')}
              {...form.register('description')}
            />
          )}
        </Field>
        {company && <CompanyFinancials company={company} />}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending} disabled={!isValid}>
          {create.isPending ? 'Creating...' : copy.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
