import { PageHeader } from '../../../components/ui/page-header.tsx';
import { AskAnythingCard } from '../../assistant/components/ask-anything-card.tsx';

/**
 * Spec 01 §2 Dashboard (/ and /dashboard). The four stat cards and the Market Intelligence card
 * come with issue #10: the stats go in a row above this grid, Market Intelligence first in it,
 * beside Ask Anything on wide screens (xl:grid-cols-2, dropping the width cap). Until then the page
 * shows only what is real: no placeholder figures.
 */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your venture debt platform overview" />
      <div className="grid max-w-3xl gap-6">
        <AskAnythingCard />
      </div>
    </>
  );
}
