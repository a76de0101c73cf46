import { DEFAULT_SECTOR_MIN_GROSS_MARGIN, sectorKey } from '@atempo/contracts';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  addSector,
  hasSector,
  parseFloatOrZero,
  parseList,
  removeSector,
  sectorLabel,
  updateSector,
} from '../lib/thesis-draft.ts';
import { ListInput } from './draft-inputs.tsx';
import type { SectionProps } from './section-props.ts';
import { SettingsSection } from './settings-section.tsx';
import {
  FRACTION_INPUT,
  FractionRangeError,
  fractionTextOutOfRange,
  RemoveButton,
  WeightInput,
} from './weight-fields.tsx';

export function SectorsSection({ thesis, update }: SectionProps) {
  const [name, setName] = useState('');
  const [weight, setWeight] = useState('');
  const [margin, setMargin] = useState(String(DEFAULT_SECTOR_MIN_GROSS_MARGIN));
  const sectors = Object.entries(thesis.target_sectors);
  const key = sectorKey(name);
  const duplicate = key !== '' && hasSector(thesis, name);
  const weightOutOfRange = fractionTextOutOfRange(weight);
  const marginOutOfRange = fractionTextOutOfRange(margin);
  const canAdd = key !== '' && !duplicate && !weightOutOfRange && !marginOutOfRange;

  function add() {
    if (!canAdd) return;
    const minGrossMargin = margin.trim() === '' ? DEFAULT_SECTOR_MIN_GROSS_MARGIN : parseFloatOrZero(margin);
    update((current) => addSector(current, name, parseFloatOrZero(weight), minGrossMargin));
    setName('');
    setWeight('');
    setMargin(String(DEFAULT_SECTOR_MIN_GROSS_MARGIN));
  }

  function addOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <SettingsSection
      title="Sector Preferences"
      description="Sectors weigh most in a thematic score. Each has a weight (0–1) and the gross margin it needs."
    >
      {sectors.length === 0 ? (
        <p className="text-sm text-slate-500">No sectors yet. Add the sectors you focus on.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs font-medium text-slate-500">
              <tr>
                <th scope="col" className="pb-2 font-medium">
                  Sector
                </th>
                <th scope="col" className="pb-2 font-medium">
                  Weight
                </th>
                <th scope="col" className="pb-2 font-medium">
                  Min gross margin
                </th>
                <th scope="col" className="pb-2 font-medium">
                  Focus areas
                </th>
                <th scope="col" className="pb-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sectors.map(([sector, preference]) => (
                <tr key={sector}>
                  <td className="py-2 pr-3">
                    <span className="block font-medium text-slate-800">
                      {sectorLabel(sector, preference)}
                    </span>
                    <code className="text-xs text-slate-400">{sector}</code>
                  </td>
                  <td className="py-2 pr-3">
                    <WeightInput
                      label={`Weight for ${sectorLabel(sector, preference)}`}
                      value={preference.weight}
                      onValueChange={(next) =>
                        update((current) => updateSector(current, sector, { weight: next }))
                      }
                    />
                  </td>
                  <td className="py-2 pr-3">
                    <WeightInput
                      label={`Minimum gross margin for ${sectorLabel(sector, preference)}`}
                      value={preference.min_gross_margin}
                      onValueChange={(next) =>
                        update((current) => updateSector(current, sector, { min_gross_margin: next }))
                      }
                    />
                  </td>
                  <td className="min-w-48 py-2 pr-3">
                    <ListInput
                      aria-label={`Focus areas for ${sectorLabel(sector, preference)}`}
                      placeholder="Comma-separated"
                      value={preference.focus_areas}
                      parse={parseList}
                      onValueChange={(next) =>
                        update((current) => updateSector(current, sector, { focus_areas: next }))
                      }
                    />
                  </td>
                  <td className="py-2 text-right">
                    <RemoveButton
                      label={`Remove ${sectorLabel(sector, preference)}`}
                      onClick={() => update((current) => removeSector(current, sector))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-100 pt-4">
        <div className="min-w-48 flex-1">
          <Input
            aria-label="New sector"
            placeholder="Add a sector, e.g. Vertical SaaS"
            value={name}
            aria-invalid={duplicate || undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={addOnEnter}
          />
          {duplicate ? (
            <p className="mt-1 text-xs font-medium text-red-600">This sector is already listed.</p>
          ) : (
            key && <p className="mt-1 text-xs text-slate-500">Saved as {key}</p>
          )}
        </div>
        <div className="w-28">
          <Input
            aria-label="New sector weight"
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
        <div className="w-28">
          <Input
            aria-label="New sector minimum gross margin"
            title="Minimum gross margin (0–1)"
            type="number"
            {...FRACTION_INPUT}
            value={margin}
            aria-invalid={marginOutOfRange || undefined}
            onChange={(event) => setMargin(event.target.value)}
            onKeyDown={addOnEnter}
          />
          {marginOutOfRange && <FractionRangeError />}
        </div>
        <Button variant="secondary" disabled={!canAdd} onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Add sector
        </Button>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Weight and minimum gross margin are fractions from 0 to 1; a new sector needs a 0.4 gross margin
        unless you change it.
      </p>
    </SettingsSection>
  );
}
