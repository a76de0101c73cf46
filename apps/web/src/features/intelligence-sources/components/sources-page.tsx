import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { curatedFeedsQuery, sourcesQuery } from '../api/sources-api.ts';
import { AddSourceForm } from './add-source-form.tsx';
import { CuratedFeeds } from './curated-feeds.tsx';
import { SourcesTable } from './sources-table.tsx';

/** Sources settings (admins): the feeds read for funding announcements, their last run, and suggestions. */
export function SourcesPage() {
  const sources = useQuery(sourcesQuery());
  const curated = useQuery(curatedFeedsQuery());
  return (
    <>
      <PageHeader
        title="Feed Sources"
        description="RSS and Atom feeds read for funding announcements. Enabled feeds are fetched every 30 minutes."
      />
      <div className="space-y-6">
        <AddSourceForm />
        <QueryState query={sources} what="the feeds">
          {(data) => <SourcesTable sources={data.sources} />}
        </QueryState>
        <QueryState query={curated} what="the suggested feeds">
          {(data) => <CuratedFeeds feeds={data.feeds} />}
        </QueryState>
      </div>
    </>
  );
}
