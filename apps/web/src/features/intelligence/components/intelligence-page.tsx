import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SmartSearch, useLinkedId } from '../../search/index.ts';
import { DeepResearchForm } from './deep-research-form.tsx';
import { useFundingPeriod } from './funding-period-picker.tsx';
import { FundingStatsCards } from './funding-stats-cards.tsx';
import { LinkedAnnouncement } from './linked-announcement.tsx';
import { LiveFundingSignals } from './live-funding-signals.tsx';

/**
 * Market Intelligence (spec 02 §2): smart search, stats cards, the deep research form and the Live
 * Funding Signals list. Each section is its own component; this file only lays them out. A search
 * result for a round (`?announcement={id}`) shows that round first, above the list.
 */
export function IntelligencePage() {
  const linked = useLinkedId('announcement');
  // The period picked in the list card: the stats cards count over the same one.
  const period = useFundingPeriod();
  return (
    <>
      <PageHeader
        title="Market Intelligence"
        description="Funding rounds as they are announced: the moment a company has just raised is the moment to offer a facility."
      />
      <div className="space-y-6">
        <SmartSearch />
        <FundingStatsCards period={period.applied} />
        <DeepResearchForm />
        {linked.id && <LinkedAnnouncement key={linked.id} id={linked.id} onDismiss={linked.dismiss} />}
        <LiveFundingSignals period={period} />
      </div>
    </>
  );
}
