import { Plus } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  addMarket,
  hasMarket,
  parseFloatOrZero,
  removeMarket,
  setMarketWeight,
} from '../lib/thesis-draft.ts';
import type { SectionProps } from './section-props.ts';
import { SettingsSection } from './settings-section.tsx';
import {
  FRACTION_INPUT,
  FractionRangeError,
  fractionTextOutOfRange,
  RemoveButton,
  WeightBar,
  WeightInput,
} from './weight-fields.tsx';

export function MarketsSection({ thesis, update }: SectionProps) {
  const [name, setName] = useState('');
  const [weight, setWeight] = useState('');
  const markets = Object.entries(thesis.primary_markets);
  const duplicate = name.trim() !== '' && hasMarket(thesis, name);
  const weightOutOfRange = fractionTextOutOfRange(weight);
  const canAdd = name.trim() !== '' && !duplicate && !weightOutOfRange;

  function add() {
    if (!canAdd) return;
    update((current) => addMarket(current, name, parseFloatOrZero(weight)));
    setName('');
    setWeight('');
  }

  function addOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <SettingsSection
      title="Geographic Markets"
      description="Countries or regions you invest in, each weighted from 0 (no fit) to 1 (core market)."
    >
      {markets.length === 0 ? (
        <p className="text-sm text-slate-500">No markets yet. Add the countries you lend in.</p>
      ) : (
        <ul aria-label="Markets" className="divide-y divide-slate-100">
          {markets.map(([market, value]) => (
            <li key={market} className="flex items-center gap-4 py-2">
              <span className="w-40 truncate text-sm font-medium text-slate-800">{market}</span>
              <div className="hidden flex-1 sm:block">
                <WeightBar value={value} />
              </div>
              <WeightInput
                label={`Weight for ${market}`}
                value={value}
                onValueChange={(next) => update((current) => setMarketWeight(current, market, next))}
              />
              <RemoveButton
                label={`Remove ${market}`}
                onClick={() => update((current) => removeMarket(current, market))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-100 pt-4">
        <div className="min-w-48 flex-1">
          <Input
            aria-label="New market"
            placeholder="Add a country or region, e.g. Denmark"
            value={name}
            aria-invalid={duplicate || undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={addOnEnter}
          />
          {duplicate && (
            <p className="mt-1 text-xs font-medium text-red-600">This market is already listed.</p>
          )}
        </div>
        <div className="w-32">
          <Input
            aria-label="New market weight"
            type="number"
            placeholder="Weight 0–1"
            {...FRACTION_INPUT}
            value={weight}
            aria-invalid={weightOutOfRange || undefined}
            onChange={(event) => setWeight(event.target.value)}
            onKeyDown={addOnEnter}
          />
          {weightOutOfRange && <FractionRangeError />}
        </div>
        <Button variant="secondary" disabled={!canAdd} onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Add market
        </Button>
      </div>
    </SettingsSection>
  );
}
