import { PageHeader } from '../../../components/ui/page-header.tsx';
import { AskAnythingCard } from '../../assistant/index.ts';
import { DashboardChartsSection } from './dashboard-charts-section.tsx';
import { DashboardStats } from './dashboard-stats.tsx';
import { MarketIntelligenceCard } from './market-intelligence-card.tsx';

/**
 * Spec 01 §2 Dashboard (/ and /dashboard): the four stat cards, Market Intelligence beside Ask
 * Anything, then the charts (decision 034).
 */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your venture debt platform overview" />
      <div className="space-y-8">
        <DashboardStats />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <MarketIntelligenceCard />
          <AskAnythingCard />
        </div>
        <DashboardChartsSection />
      </div>
    </>
  );
}
