import type { TSubscriptionTier } from '@atempo/contracts';
import { PLANS, SUBSCRIPTION_TIERS } from '@atempo/contracts/constants';
import { Check } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import { planFacts } from '../../../lib/plans.ts';

/** A radio group of plan cards. */
export function PlanPicker({
  value,
  onChange,
}: {
  value: TSubscriptionTier;
  onChange: (tier: TSubscriptionTier) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Choose a plan</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {SUBSCRIPTION_TIERS.map((tier) => {
          const plan = PLANS[tier];
          const selected = tier === value;
          return (
            <label
              key={tier}
              className={cn(
                'relative flex cursor-pointer flex-col rounded-xl border bg-white p-3.5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 has-[:focus-visible]:ring-offset-2',
                selected
                  ? 'border-indigo-600 ring-1 ring-indigo-600'
                  : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name="subscription_tier"
                value={tier}
                checked={selected}
                onChange={() => onChange(tier)}
                className="sr-only"
              />
              <span className="flex items-center justify-between">
                <span className="text-sm font-semibold text-slate-900">{plan.label}</span>
                {selected && (
                  <span className="flex size-4 items-center justify-center rounded-full bg-indigo-600">
                    <Check aria-hidden="true" className="size-3 text-white" strokeWidth={3} />
                  </span>
                )}
              </span>
              <span className="mt-1 text-lg font-semibold tracking-tight text-slate-900">{plan.price}</span>
              <ul className="mt-2 space-y-1 text-xs text-slate-600">
                {planFacts(tier).map((fact) => (
                  <li key={fact}>{fact}</li>
                ))}
              </ul>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
