import type { TDocumentListItem } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  documentAnalysisQuery,
  documentTypeLabel,
  formatConfidence,
  openDocument,
} from '../../documents/index.ts';
import { FacilityTermsList } from './facility-terms-list.tsx';
import { MetricsTable } from './metrics-table.tsx';
import { RiskFlagList } from './risk-flag-list.tsx';

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </div>
  );
}

/** One document of the deal with its whole analysis: type, figures with sources, risks, terms, summary. */
export function DocumentAnalysisSection({ document }: { document: TDocumentListItem }) {
  const analysis = useQuery({
    ...documentAnalysisQuery(document.id),
    enabled: document.status === 'completed',
  });
  // The whole analysis when loaded, else the list's preview of it.
  const typed = analysis.data ?? document.analysis;
  const open = () =>
    void openDocument(document.url, document.name).catch((error: unknown) =>
      toast.error(errorMessage(error, 'The file could not be opened.')),
    );
  return (
    <Card aria-labelledby={`document-${document.id}`} className="px-6 py-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`document-${document.id}`} className="truncate text-base font-semibold text-slate-900">
            {document.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">
            {typed ? documentTypeLabel(typed.document_type) : 'Not analysed yet'}
            {typed && ` · ${formatConfidence(typed.confidence_score)} confidence`}
            {' · '}
            {formatDate(document.created_at)}
            {document.created_by && ` · ${document.created_by}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {document.status === 'processing' && <Badge tone="accent">Analysing</Badge>}
          {document.status === 'failed' && <Badge tone="warning">Failed</Badge>}
          <Button variant="secondary" size="sm" onClick={open}>
            <Download aria-hidden="true" className="size-4" />
            Open file
          </Button>
        </div>
      </div>

      {document.status === 'failed' && (
        <p className="mt-3 text-sm text-red-700">
          Analysis failed: {document.error ?? 'no reason was recorded'}
        </p>
      )}
      {document.status === 'processing' && (
        <p className="mt-3 text-sm text-slate-500">This document is still being analysed.</p>
      )}
      {document.status === 'completed' &&
        (analysis.isPending ? (
          <div className="flex justify-center py-6 text-indigo-600">
            <Spinner label={`Loading the analysis of ${document.name}`} />
          </div>
        ) : analysis.isError ? (
          <Alert className="mt-3">{errorMessage(analysis.error, 'Could not load the analysis')}</Alert>
        ) : (
          <>
            {analysis.data.other_company && (
              // Before the figures: they may be another company's (issue 18 §4).
              <Alert tone="warning" className="mt-3">
                <p className="font-medium">{analysis.data.other_company.message}</p>
                <p className="text-xs">
                  Read on {analysis.data.other_company.source.label}: “
                  {analysis.data.other_company.source.excerpt}”.
                </p>
              </Alert>
            )}
            <div className="mt-4 grid gap-6 lg:grid-cols-2">
              <div className="space-y-5">
                <Part title="Summary">
                  <p className="text-sm whitespace-pre-line text-slate-700">
                    {analysis.data.content_summary || 'No summary.'}
                  </p>
                </Part>
                <Part title="Figures">
                  <MetricsTable
                    metrics={analysis.data.key_metrics}
                    caption={`Figures found in ${document.name}`}
                  />
                </Part>
              </div>
              <div className="space-y-5">
                <Part title="Risk flags">
                  <RiskFlagList flags={analysis.data.risk_flag_details} />
                </Part>
                {analysis.data.facility_terms && (
                  <Part title="Facility terms">
                    <FacilityTermsList terms={analysis.data.facility_terms} />
                  </Part>
                )}
                {analysis.data.notices.length > 0 && (
                  <Part title="Notices">
                    <ul className="list-disc space-y-1 pl-5 text-sm text-amber-800">
                      {analysis.data.notices.map((notice) => (
                        <li key={notice}>{notice}</li>
                      ))}
                    </ul>
                  </Part>
                )}
                <p className="text-xs text-slate-500">
                  Analysed by {analysis.data.engine.provider}
                  {analysis.data.engine.model && ` (${analysis.data.engine.model})`}
                  {` · ${analysis.data.page_count} ${analysis.data.page_count === 1 ? 'page' : 'pages'}`}
                </p>
              </div>
            </div>
          </>
        ))}
    </Card>
  );
}
