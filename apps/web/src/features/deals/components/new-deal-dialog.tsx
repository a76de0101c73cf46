import {
  DEAL_TYPES,
  type TCreateDealInput,
  type TDealSourceType,
  type TDealStage,
  type TDealType,
} from '@atempo/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/field.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AMOUNT_HINT, parseAmount } from '../../../lib/amount.ts';
import { useCreateDeal } from '../hooks/use-create-deal.ts';
import {
  DEAL_TYPE_LABELS,
  NEW_DEAL_STAGES,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPES,
  STAGE_LABELS,
} from '../lib/deal-labels.ts';

interface Draft {
  companyName: string;
  amount: string;
  sourceType: TDealSourceType;
  sourceName: string;
  stage: TDealStage;
  sector: string;
  geography: string;
  dealType: TDealType | '';
  description: string;
}

const EMPTY: Draft = {
  companyName: '',
  amount: '',
  sourceType: 'direct',
  sourceName: '',
  stage: 'lead',
  sector: '',
  geography: '',
  dealType: '',
  description: '',
};

/** The amount typed, when it is one (the form cannot be submitted otherwise). */
function draftAmount(draft: Draft): number | null {
  const parsed = parseAmount(draft.amount);
  return parsed.ok ? parsed.value : null;
}

/** The create payload: the amount as read by parseAmount, blanks left out. */
export function newDealPayload(draft: Draft): TCreateDealInput {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const amount = draftAmount(draft);
  if (amount === null) throw new Error('The New Deal form needs an amount');
  return {
    company_name: draft.companyName.trim(),
    amount_requested: amount,
    source_type: draft.sourceType,
    source_name: optional(draft.sourceName),
    stage: draft.stage,
    sector: optional(draft.sector),
    geography: optional(draft.geography),
    deal_type: draft.dealType || undefined,
    description: optional(draft.description),
  };
}

/** Spec 02 New Deal form; submit stays disabled until a company name and an amount are given. */
export function NewDealDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useCreateDeal({
    onCreated: () => {
      setDraft(EMPTY);
      onOpenChange(false);
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const amount = parseAmount(draft.amount);
  const ready = draft.companyName.trim() !== '' && amount.ok && amount.value !== null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready) create.mutate(newDealPayload(draft));
  }

  return (
    <ModalDialog
      size="lg"
      padded
      open={open}
      onOpenChange={onOpenChange}
      title="New Deal"
      description="Add a deal to the pipeline. It is scored against your thesis as soon as it is saved."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="new-deal-form" disabled={!ready} busy={create.isPending}>
            Create Deal
          </Button>
        </>
      }
    >
      <form
        id="new-deal-form"
        aria-label="New Deal"
        onSubmit={submit}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <TextField
          label="Company name"
          required
          autoComplete="off"
          placeholder="e.g. Lumen Robotics"
          value={draft.companyName}
          onChange={(event) => set('companyName', event.target.value)}
        />
        <TextField
          label="Amount requested (EUR)"
          required
          placeholder="e.g. 5000000"
          hint={amount.ok ? `In euros, ${AMOUNT_HINT}` : undefined}
          error={amount.ok ? undefined : amount.error}
          value={draft.amount}
          onChange={(event) => set('amount', event.target.value)}
        />
        <Field label="Source type">
          {({ id }) => (
            <Select
              id={id}
              value={draft.sourceType}
              onChange={(event) => set('sourceType', event.target.value as TDealSourceType)}
            >
              {SOURCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SOURCE_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label="Source name (optional)"
          placeholder="e.g. Balderton Capital"
          value={draft.sourceName}
          onChange={(event) => set('sourceName', event.target.value)}
        />
        <Field label="Stage">
          {({ id }) => (
            <Select
              id={id}
              value={draft.stage}
              onChange={(event) => set('stage', event.target.value as TDealStage)}
            >
              {NEW_DEAL_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Deal type (optional)">
          {({ id }) => (
            <Select
              id={id}
              value={draft.dealType}
              onChange={(event) => set('dealType', event.target.value as TDealType | '')}
            >
              <option value="">Not specified</option>
              {DEAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DEAL_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label="Sector (optional)"
          placeholder="e.g. Fintech"
          value={draft.sector}
          onChange={(event) => set('sector', event.target.value)}
        />
        <TextField
          label="Geography (optional)"
          placeholder="e.g. United Kingdom"
          value={draft.geography}
          onChange={(event) => set('geography', event.target.value)}
        />
        <Field label="Description (optional)" className="sm:col-span-2">
          {({ id }) => (
            <textarea
              id={id}
              rows={3}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
              className={cn(inputClasses, 'h-auto py-2')}
            />
          )}
        </Field>
      </form>
    </ModalDialog>
  );
}
