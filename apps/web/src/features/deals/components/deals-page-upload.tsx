import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { Select } from '../../../components/ui/select-field.tsx';
import { SmartDocumentUpload } from '../../documents/index.ts';
import { dealBoardQuery } from '../api/deals-api.ts';

/** The deals to choose from: the light board cards, by company name. */
const DEAL_OPTIONS = { sort: 'company', limit: 1000 } as const;

/**
 * Smart Document Upload on the Deals page: the person picks the deal the files belong to (its
 * company goes with it); files dropped before that wait as pending.
 */
export function DealsPageUpload({ onClose }: { onClose: () => void }) {
  const selectId = useId();
  const [dealId, setDealId] = useState('');
  const options = useQuery(dealBoardQuery(DEAL_OPTIONS));
  const deals = options.data?.deals ?? [];
  const chosen = deals.find((deal) => deal.id === dealId) ?? null;

  return (
    <Card className="mb-4 px-5 py-4">
      <div className="relative">
        <button
          type="button"
          aria-label="Close Smart Document Upload"
          onClick={onClose}
          className={cn(
            'absolute top-0 right-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600',
            focusRing,
          )}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
        <SmartDocumentUpload
          target={chosen ? { dealId: chosen.id, companyName: chosen.company } : null}
          missingTargetHint="Choose the deal these files belong to; they are analysed once a deal is chosen."
        >
          <div className="max-w-sm space-y-1.5">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
              Deal
            </label>
            <Select
              id={selectId}
              value={dealId}
              onChange={(event) => setDealId(event.target.value)}
              disabled={options.isPending}
            >
              <option value="">{options.isPending ? 'Loading deals…' : 'Choose a deal'}</option>
              {deals.map((deal) => (
                <option key={deal.id} value={deal.id}>
                  {deal.company} — deal #{deal.deal_number}
                </option>
              ))}
            </Select>
          </div>
        </SmartDocumentUpload>
      </div>
    </Card>
  );
}
