import {
  PROTECTION_LEVELS,
  RISK_APPROACHES,
  type TProtectionLevel,
  type TRiskApproach,
  type TRiskParameters,
} from '@atempo/contracts';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { APPROACH_LABELS, PROTECTION_LABELS } from './labels.ts';
import type { SectionProps } from './section-props.ts';
import { SettingsSection } from './settings-section.tsx';

const PROTECTIONS: { key: Exclude<keyof TRiskParameters, 'approach'>; label: string }[] = [
  { key: 'covenant_protection', label: 'Covenant Protection' },
  { key: 'milestone_based_funding', label: 'Milestone-Based Funding' },
  { key: 'board_observer_rights', label: 'Board Observer Rights' },
];

export function RiskParametersSection({ thesis, update }: SectionProps) {
  const risk = thesis.risk_parameters;
  const set = (change: Partial<TRiskParameters>) =>
    update((current) => ({ ...current, risk_parameters: { ...current.risk_parameters, ...change } }));
  return (
    <SettingsSection
      title="Risk Parameters"
      description="Your appetite for risk and the protections you ask for."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Investment Approach">
          {({ id }) => (
            <Select
              id={id}
              value={risk.approach}
              onChange={(event) => set({ approach: event.target.value as TRiskApproach })}
            >
              {RISK_APPROACHES.map((approach) => (
                <option key={approach} value={approach}>
                  {APPROACH_LABELS[approach]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {PROTECTIONS.map(({ key, label }) => (
          <Field key={key} label={label}>
            {({ id }) => (
              <Select
                id={id}
                value={risk[key]}
                onChange={(event) => set({ [key]: event.target.value as TProtectionLevel })}
              >
                {PROTECTION_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {PROTECTION_LABELS[level]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      </div>
    </SettingsSection>
  );
}
