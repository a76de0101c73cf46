import type { TCompanyDetail } from '@atempo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Briefcase, ExternalLink, Globe, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../../app/document-title.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { focusRing } from '../../../../components/ui/focus.ts';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-error.ts';
import { formatEuroCompact } from '../../../../lib/format/money.ts';
import { formatPercent } from '../../../../lib/format/percent.ts';
import { companyDetailQuery } from '../../api/companies-api.ts';
import { displayUrl, externalUrl, formatCount, isHighGrowth } from '../../lib/format.ts';
import { AlertSettingsButton } from '../alert-settings-dialog.tsx';
import { ConfidenceLevel, HighGrowthBadge, PriorityBadge } from '../company-badges.tsx';
import { CreateDealDialog } from '../create-deal-dialog.tsx';
import { ThematicScoreBadge } from '../thematic-score-badge.tsx';
import { WatchToggle } from '../watch-toggle.tsx';
import { AnalysisTab } from './analysis-tab.tsx';
import { CompanyDealsCard } from './company-deals-card.tsx';
import { CompanyNotFound } from './company-not-found.tsx';
import { InvestorsTab } from './investors-tab.tsx';
import { NewsTab } from './news-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';

export function CompanyDetailPage() {
  const { id = '' } = useParams();
  const company = useQuery(companyDetailQuery(id));
  useDocumentTitle(company.data?.name);

  if (company.isPending) {
    return (
      <div className="flex justify-center py-24 text-indigo-600">
        <Spinner label="Loading the company" />
      </div>
    );
  }
  if (company.isError) {
    // 404 also answers another organisation's id, so both read as not found.
    if (company.error instanceof ApiError && company.error.status === 404) return <CompanyNotFound />;
    return (
      <>
        <BackLink />
        <Alert>
          <p>{errorMessage(company.error, 'Could not load the company')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void company.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  return <CompanyDetail company={company.data} />;
}

function BackLink() {
  return (
    <Link
      to="/companies"
      className={cn(
        'mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-500 hover:text-slate-800',
        focusRing,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Companies
    </Link>
  );
}

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'analysis', label: 'Analysis' },
  { value: 'news', label: 'Recent News' },
  { value: 'investors', label: 'Investors' },
] as const;

function CompanyDetail({ company }: { company: TCompanyDetail }) {
  const [creatingDeal, setCreatingDeal] = useState(false);
  return (
    <>
      <BackLink />
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{company.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
            {company.industry && <Badge tone="accent">{company.industry}</Badge>}
            {company.headquarters_country && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4 text-slate-400" />
                {company.headquarters_country}
              </span>
            )}
            {company.stage && <Badge>{company.stage}</Badge>}
            {company.website && (
              <a
                href={externalUrl(company.website)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-indigo-600 hover:underline"
              >
                <Globe aria-hidden="true" className="size-4" />
                {displayUrl(company.website)}
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            )}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <WatchToggle company={company} showLabel />
          {company.on_watchlist && company.watchlist_entry_id && (
            <AlertSettingsButton entryId={company.watchlist_entry_id} companyName={company.name} />
          )}
          <Button size="sm" onClick={() => setCreatingDeal(true)}>
            <Briefcase aria-hidden="true" className="size-4" />
            Create deal
          </Button>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <Tabs.Root defaultValue="overview">
            <Tabs.List
              aria-label="Company information"
              className="flex gap-1 overflow-x-auto border-b border-slate-200 px-4"
            >
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  className="-mb-px rounded-t-md border-b-2 border-transparent px-3 py-3 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700"
                >
                  {tab.label}
                  {tab.value === 'news' && company.source_articles.length > 0 && (
                    <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">
                      {company.source_articles.length}
                    </span>
                  )}
                  {tab.value === 'investors' && company.investors.length > 0 && (
                    <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">
                      {company.investors.length}
                    </span>
                  )}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="px-6 py-5">
              <Tabs.Content value="overview" className="focus:outline-none">
                <OverviewTab company={company} />
              </Tabs.Content>
              <Tabs.Content value="analysis" className="focus:outline-none">
                <AnalysisTab company={company} />
              </Tabs.Content>
              <Tabs.Content value="news" className="focus:outline-none">
                <NewsTab articles={company.source_articles} />
              </Tabs.Content>
              <Tabs.Content value="investors" className="focus:outline-none">
                <InvestorsTab investors={company.investors} hasTier1Vc={company.has_tier1_vc} />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </Card>
        <div className="space-y-6">
          <SummaryCard company={company} />
          <CompanyDealsCard deals={company.deals} onCreateDeal={() => setCreatingDeal(true)} />
        </div>
      </div>
      <CreateDealDialog
        company={creatingDeal ? company : null}
        onOpenChange={(open) => {
          if (!open) setCreatingDeal(false);
        }}
      />
    </>
  );
}

/** The figures a lender looks at first, beside the tabs. */
function SummaryCard({ company }: { company: TCompanyDetail }) {
  const rows = [
    { label: 'Thematic score', value: <ThematicScoreBadge score={company.thematic_score} /> },
    { label: 'Priority', value: <PriorityBadge priority={company.monitoring_priority} /> },
    { label: 'Confidence', value: <ConfidenceLevel level={company.confidence_level} /> },
    { label: 'Revenue', value: formatEuroCompact(company.revenue) },
    {
      label: 'Growth',
      value: (
        <span className="inline-flex items-center gap-2">
          {formatPercent(company.revenue_growth, { signed: true })}
          {isHighGrowth(company.revenue_growth) && <HighGrowthBadge />}
        </span>
      ),
    },
    { label: 'Employees', value: formatCount(company.employee_count) },
  ];
  return (
    <Card>
      <dl aria-label="Summary" className="divide-y divide-slate-100">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 px-6 py-2.5 text-sm">
            <dt className="text-slate-500">{row.label}</dt>
            <dd className="text-right font-medium text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
