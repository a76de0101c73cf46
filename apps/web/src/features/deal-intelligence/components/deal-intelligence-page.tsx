import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { AskAnythingCard } from '../../assistant/index.ts';
import {
  dealIntelligenceQuery,
  dealUpdatesQuery,
  PROCESSING_REFRESH_MS,
} from '../api/deal-intelligence-api.ts';
import { ActivityList } from './activity-list.tsx';
import { DocumentAnalysisSection } from './document-analysis-section.tsx';
import { FacilityTermsList } from './facility-terms-list.tsx';
import { MetricsTable } from './metrics-table.tsx';
import { RiskFlagList } from './risk-flag-list.tsx';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody>{children}</CardBody>
    </Card>
  );
}

/**
 * /deals/{id}/intelligence, the Full Analysis of the AI Intelligence card (opened in a new tab):
 * what every document of the deal says, each figure traceable to its page, slide or cell.
 */
export function DealIntelligencePage() {
  const { id = '' } = useParams();
  const intelligence = useQuery(dealIntelligenceQuery(id));
  const processing = Boolean(
    intelligence.data?.document_intelligence.documents.some((document) => document.status === 'processing'),
  );
  // The activity follows the documents: while one is analysed it is read again with them, and once
  // more when the last one finishes.
  const updates = useQuery({
    ...dealUpdatesQuery(id),
    refetchInterval: processing ? PROCESSING_REFRESH_MS : false,
  });
  const wasProcessing = useRef(processing);
  const refetchUpdates = updates.refetch;
  useEffect(() => {
    if (wasProcessing.current && !processing) void refetchUpdates();
    wasProcessing.current = processing;
  }, [processing, refetchUpdates]);

  if (intelligence.isPending) {
    return (
      <div className="flex justify-center py-16 text-indigo-600">
        <Spinner label="Loading the deal intelligence" />
      </div>
    );
  }
  if (intelligence.isError) {
    return (
      <>
        <PageHeader title="Deal Intelligence" />
        <LoadFailure
          error={intelligence.error}
          what="the deal intelligence"
          missing="This deal does not exist: it may have been deleted, or the link may be wrong."
          onRetry={() => void intelligence.refetch()}
        />
      </>
    );
  }

  const found = intelligence.data.document_intelligence;
  return (
    <>
      <PageHeader
        title={`${intelligence.data.company_name} — Deal Intelligence`}
        description={`${found.documents.length} ${found.documents.length === 1 ? 'document' : 'documents'}, ${found.documents_analysed} analysed. Every figure links to the page, slide or cell it was read from.`}
        actions={<TextLink to="/deals">Back to Deals</TextLink>}
      />
      <div className="space-y-6">
        <div className="grid gap-6 xl:grid-cols-3">
          <div className="space-y-6 xl:col-span-2">
            <Section title="Summary">
              <p className="text-sm whitespace-pre-line text-slate-700">
                {found.summary ?? 'AI analysis will appear here when documents are uploaded'}
              </p>
            </Section>
            <Section
              title="Key metrics"
              description="The newest figure for each metric across the deal's documents."
            >
              <MetricsTable metrics={found.key_metrics} caption="Key metrics of the deal" />
            </Section>
            <Section title="Risk flags">
              <RiskFlagList flags={found.risk_flags} />
            </Section>
            <Section
              title="Facility terms"
              description={found.facility_terms ? `From ${found.facility_terms.document_name}` : undefined}
            >
              {found.facility_terms ? (
                <FacilityTermsList terms={found.facility_terms} />
              ) : (
                <p className="text-sm text-slate-500">No term sheet or loan agreement among the documents.</p>
              )}
            </Section>
          </div>
          <div className="space-y-6">
            <AskAnythingCard deal={{ id, company: intelligence.data.company_name }} />
            <Section title="Activity">
              {updates.isPending ? (
                <Spinner label="Loading the activity" />
              ) : updates.isError ? (
                <Alert>{errorMessage(updates.error, 'Could not load the activity')}</Alert>
              ) : (
                <ActivityList updates={updates.data.updates} />
              )}
            </Section>
          </div>
        </div>

        <section aria-labelledby="deal-documents" className="space-y-4">
          <h2 id="deal-documents" className="text-lg font-semibold text-slate-900">
            Documents
          </h2>
          {found.documents.length === 0 ? (
            <p className="text-sm text-slate-500">No documents uploaded for this deal yet.</p>
          ) : (
            found.documents.map((document) => (
              <DocumentAnalysisSection key={document.id} document={document} />
            ))
          )}
        </section>
      </div>
    </>
  );
}
