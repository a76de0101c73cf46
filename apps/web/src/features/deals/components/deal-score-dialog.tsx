import type { TDeal } from '@atempo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { type DealPreview, FullDeal } from './full-deal.tsx';
import { RedFlagsTab } from './red-flags-tab.tsx';
import { ThematicScoreTab } from './thematic-score-tab.tsx';

export type ScoreTab = 'thematic' | 'red-flags';

const tabClasses = cn(
  '-mb-px border-b-2 border-transparent px-1 pb-2.5 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700',
  focusRing,
);

/** Spec 02 "Deal score dialog": Thematic Score and Red Flags tabs. */
export function DealScoreDialog({
  deal,
  tab,
  onTabChange,
  onClose,
}: {
  deal: DealPreview | null;
  tab: ScoreTab;
  onTabChange: (tab: ScoreTab) => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      size="lg"
      padded
      open={deal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={deal ? `${deal.company} — deal #${deal.deal_number}` : ''}
      description="How this deal fits the investment thesis, and the risks found in its data."
    >
      {deal && (
        <FullDeal id={deal.id}>
          {(full) => <ScoreTabs deal={full} tab={tab} onTabChange={onTabChange} />}
        </FullDeal>
      )}
    </ModalDialog>
  );
}

function ScoreTabs({
  deal,
  tab,
  onTabChange,
}: {
  deal: TDeal;
  tab: ScoreTab;
  onTabChange: (tab: ScoreTab) => void;
}) {
  return (
    <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as ScoreTab)}>
      <Tabs.List aria-label="Score details" className="mb-5 flex gap-6 border-b border-slate-200">
        <Tabs.Trigger value="thematic" className={tabClasses}>
          Thematic Score
        </Tabs.Trigger>
        <Tabs.Trigger value="red-flags" className={tabClasses}>
          Red Flags
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="thematic" className="focus:outline-none">
        <ThematicScoreTab deal={deal} />
      </Tabs.Content>
      <Tabs.Content value="red-flags" className="focus:outline-none">
        <RedFlagsTab deal={deal} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
