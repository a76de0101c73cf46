import { REVENUE_MODELS, type TRevenueModel } from '@atempo/contracts';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { parseCacPayback, parseFloatOrZero } from '../lib/thesis-draft.ts';
import { NumberInput } from './draft-inputs.tsx';
import { REVENUE_MODEL_LABELS } from './labels.ts';
import type { SectionProps } from './section-props.ts';
import { SettingsSection } from './settings-section.tsx';
import { FRACTION_INPUT } from './weight-fields.tsx';

const percent = (fraction: number) =>
  `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(fraction * 100)}%`;

export function FinancialRequirementsSection({ thesis, update }: SectionProps) {
  const requirements = thesis.financial_requirements;
  const set = (change: Partial<typeof requirements>) =>
    update((current) => ({
      ...current,
      financial_requirements: { ...current.financial_requirements, ...change },
    }));
  return (
    <SettingsSection
      title="Financial Requirements"
      description="Fractions from 0 to 1: a minimum gross margin of 0.5 means 50 %."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Minimum Gross Margin" hint={percent(requirements.gross_margin_min)}>
          {({ id, describedBy }) => (
            <NumberInput
              id={id}
              aria-describedby={describedBy}
              {...FRACTION_INPUT}
              value={requirements.gross_margin_min}
              parse={parseFloatOrZero}
              onValueChange={(value) => set({ gross_margin_min: value })}
            />
          )}
        </Field>
        <Field label="Maximum Monthly Churn" hint={percent(requirements.monthly_churn_max)}>
          {({ id, describedBy }) => (
            <NumberInput
              id={id}
              aria-describedby={describedBy}
              {...FRACTION_INPUT}
              step={0.001}
              value={requirements.monthly_churn_max}
              parse={parseFloatOrZero}
              onValueChange={(value) => set({ monthly_churn_max: value })}
            />
          )}
        </Field>
        <Field label="Maximum CAC Payback (months)" hint="18 months when left empty">
          {({ id, describedBy }) => (
            <NumberInput
              id={id}
              aria-describedby={describedBy}
              min={1}
              max={120}
              step={1}
              value={requirements.cac_payback_months.max}
              parse={parseCacPayback}
              onValueChange={(value) => set({ cac_payback_months: { max: value } })}
            />
          )}
        </Field>
        <Field label="Revenue Model">
          {({ id }) => (
            <Select
              id={id}
              value={requirements.revenue_model}
              onChange={(event) => set({ revenue_model: event.target.value as TRevenueModel })}
            >
              {REVENUE_MODELS.map((model) => (
                <option key={model} value={model}>
                  {REVENUE_MODEL_LABELS[model]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </SettingsSection>
  );
}
