import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SmartSearch } from './smart-search.tsx';

/**
 * A minimal /intelligence until the Market Intelligence screen lands: its smart search. The full
 * screen mounts <SmartSearch /> itself and replaces this page in the route table.
 */
export function IntelligenceSearchPage() {
  return (
    <>
      <PageHeader
        title="Market Intelligence"
        description="Search companies, deals, documents and funding rounds."
      />
      <SmartSearch />
    </>
  );
}
