import { COMPANY_SOURCE_TYPES, TARGET_STAGES, type TCreateCompanyRequest } from '@atempo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/field.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { humanize } from '../../../lib/humanize.ts';
import { companyKeys, createCompany } from '../api/companies-api.ts';
import { type CompanyFormValues, EMPTY_COMPANY_FORM } from '../lib/company-form.ts';
import { companyFormSchema } from '../lib/company-form-schema.ts';

export function AddCompanyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Add company"
      description="Only the name is required; the company is scored against your thesis once saved."
    >
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open && <AddCompanyForm onDone={() => onOpenChange(false)} />}
    </ModalDialog>
  );
}

function AddCompanyForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createCompany,
    onSuccess: async (company) => {
      toast.success(`${company.name} added`);
      onDone();
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      await queryClient.invalidateQueries({ queryKey: companyKeys.stats });
    },
  });

  // Checked as typed, so a money field that is not an amount says so at once (and submit waits).
  const form = useForm<CompanyFormValues, unknown, TCreateCompanyRequest>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: EMPTY_COMPANY_FORM,
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const text = (key: keyof CompanyFormValues) => form.register(key);

  const fieldErrors = create.error instanceof ApiError ? (create.error.errors ?? []) : [];

  return (
    <form onSubmit={form.handleSubmit((request) => create.mutate(request))} aria-label="Add company">
      <div className="space-y-4 px-6 py-5">
        {create.isError && (
          <Alert>
            <p>{errorMessage(create.error, 'Could not add the company')}</p>
            {fieldErrors.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {fieldErrors.map((problem) => (
                  <li key={`${problem.path}-${problem.message}`}>
                    {problem.path}: {problem.message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <TextField label="Company Name" required autoComplete="off" autoFocus {...text('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Industry" placeholder="e.g. B2B SaaS" {...text('industry')} />
          <TextField
            label="Headquarters Country"
            placeholder="e.g. Germany"
            {...text('headquarters_country')}
          />
          <Field label="Stage">
            {({ id }) => (
              <Select id={id} {...text('stage')}>
                <option value="">Not known</option>
                {TARGET_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {stage}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <TextField label="Website" type="url" placeholder="https://example.com" {...text('website')} />
          <TextField
            label="Employees"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            {...text('employee_count')}
          />
          <TextField
            label="Annual Revenue (EUR)"
            autoComplete="off"
            placeholder="e.g. 12000000 or 12m"
            error={errors.revenue?.message}
            {...text('revenue')}
          />
          <TextField
            label="Revenue Growth (%)"
            type="number"
            step="any"
            placeholder="e.g. 85"
            hint="Year on year, as a percent"
            {...text('revenue_growth_percent')}
          />
          <TextField
            label="Founded Year"
            type="number"
            min={1800}
            max={2100}
            step={1}
            {...text('founded_year')}
          />
          <TextField
            label="Last Funding (EUR)"
            autoComplete="off"
            placeholder="e.g. 2.5m"
            error={errors.last_funding_amount?.message}
            {...text('last_funding_amount')}
          />
          <TextField
            label="Total Funding (EUR)"
            autoComplete="off"
            placeholder="e.g. 2.5m"
            error={errors.total_funding?.message}
            {...text('total_funding')}
          />
          <TextField label="CEO" autoComplete="off" {...text('ceo_name')} />
          <Field label="Source">
            {({ id }) => (
              <Select id={id} {...text('source')}>
                <option value="">Not recorded</option>
                {COMPANY_SOURCE_TYPES.map((source) => (
                  <option key={source} value={source}>
                    {humanize(source)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Description">
          {({ id }) => (
            <textarea id={id} rows={3} className={cn(inputClasses, 'h-auto py-2')} {...text('description')} />
          )}
        </Field>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending} disabled={!isValid}>
          {create.isPending ? 'Adding...' : 'Add company'}
        </Button>
      </DialogFooter>
    </form>
  );
}
