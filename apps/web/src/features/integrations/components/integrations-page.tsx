import type { TIntegrationCatalogueResponse } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { HOME_PATH, useAuth } from '../../auth/index.ts';
import { catalogueQuery } from '../api/catalogue-api.ts';
import { isDetailView, VIEW_PARAM } from '../lib/views.ts';
import { IntegrationDetail } from './detail/integration-detail.tsx';
import { IntegrationsOverview } from './integrations-overview.tsx';

/**
 * /integrations (spec 03 §2): the catalogue's cards, or one integration's detail view when the
 * address names it (?view=sharepoint), so the browser's Back returns to the list.
 */
export function IntegrationsPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const view = params.get(VIEW_PARAM);
  const catalogue = useQuery(catalogueQuery());
  return (
    <>
      <PageHeader
        title="Data Integrations"
        description="Connect the places your deal work lives: documents, email and your CRM."
        actions={
          user?.onboarding_completed ? (
            <Link to={HOME_PATH} className={buttonClasses('secondary', 'md')}>
              Skip to Dashboard
            </Link>
          ) : undefined
        }
      />
      <QueryState query={catalogue} what="the integrations">
        {(data) => <Content data={data} view={view} />}
      </QueryState>
    </>
  );
}

function Content({ data, view }: { data: TIntegrationCatalogueResponse; view: string | null }) {
  const entry = isDetailView(view) ? data.integrations.find((item) => item.id === view) : undefined;
  if (entry && entry.status !== 'coming_soon') return <IntegrationDetail entry={entry} />;
  return <IntegrationsOverview data={data} />;
}
