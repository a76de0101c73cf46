import { DEAL_TYPES, TARGET_STAGES } from '@atempo/contracts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { toggleIn } from '../lib/thesis-draft.ts';
import { DEAL_TYPE_LABELS } from './labels.ts';
import type { SectionProps } from './section-props.ts';
import { SettingsSection } from './settings-section.tsx';

export function StagesTypesSection({ thesis, update }: SectionProps) {
  return (
    <SettingsSection
      title="Target Stages & Types"
      description="The instruments you offer and the rounds you back."
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Deal types</legend>
          <div className="mt-2 space-y-2">
            {DEAL_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={DEAL_TYPE_LABELS[type]}
                checked={thesis.deal_types.includes(type)}
                onChange={(event) => {
                  const checked = event.target.checked;
                  update((current) => ({
                    ...current,
                    deal_types: toggleIn(current.deal_types, type, checked, DEAL_TYPES),
                  }));
                }}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Stages</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {TARGET_STAGES.map((stage) => (
              <Checkbox
                key={stage}
                label={stage}
                checked={thesis.target_stages.includes(stage)}
                onChange={(event) => {
                  const checked = event.target.checked;
                  update((current) => ({
                    ...current,
                    target_stages: toggleIn(current.target_stages, stage, checked, TARGET_STAGES),
                  }));
                }}
              />
            ))}
          </div>
        </fieldset>
      </div>
    </SettingsSection>
  );
}
