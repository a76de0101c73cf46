import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SmartSearch } from '../../search/components/smart-search.tsx';
import { DeepResearchForm } from './deep-research-form.tsx';
import { FundingStatsCards } from './funding-stats-cards.tsx';
import { LiveFundingSignals } from './live-funding-signals.tsx';

/**
 * Market Intelligence (spec 02 §2): smart search, stats cards, the deep research form and the Live
 * Funding Signals list. Each section is its own component; this file only lays them out.
 */
export function IntelligencePage() {
  return (
    <>
      <PageHeader
        title="Market Intelligence"
        description="Funding rounds as they are announced: the moment a company has just raised is the moment to offer a facility."
      />
      <div className="space-y-6">
        <SmartSearch />
        <FundingStatsCards />
        <DeepResearchForm />
        <LiveFundingSignals />
      </div>
    </>
  );
}
