import type { TCompanyListItem } from '@atempo/contracts';
import { BriefcaseBusiness, ChevronRight, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { formatEuroCompact } from '../../../lib/format/money.ts';
import { formatPercent } from '../../../lib/format/percent.ts';
import { isHighGrowth } from '../lib/format.ts';
import { ConfidenceLevel, HighGrowthBadge, PriorityBadge } from './company-badges.tsx';
import { ArticlePreview, InvestorPreview } from './company-extras.tsx';
import { IconButton } from './icon-button.tsx';
import { ThematicScoreBadge } from './thematic-score-badge.tsx';
import { WatchToggle } from './watch-toggle.tsx';

const COLUMNS = [
  'Company',
  'Country',
  'Stage',
  'Revenue',
  'Growth',
  'Score',
  'Priority',
  'Confidence',
] as const;

export interface CompaniesTableProps {
  companies: TCompanyListItem[];
  onCreateDeal: (company: TCompanyListItem) => void;
  onDelete: (company: TCompanyListItem) => void;
}

export function CompaniesTable({ companies, onCreateDeal, onDelete }: CompaniesTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-2.5 py-3 font-medium whitespace-nowrap first:pl-4">
                {column}
              </th>
            ))}
            <th scope="col" className="py-3 pr-3 pl-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {companies.map((company) => (
            <CompanyRows
              key={company.id}
              company={company}
              expanded={expanded.has(company.id)}
              onToggle={() => toggle(company.id)}
              onCreateDeal={() => onCreateDeal(company)}
              onDelete={() => onDelete(company)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CompanyRows({
  company,
  expanded,
  onToggle,
  onCreateDeal,
  onDelete,
}: {
  company: TCompanyListItem;
  expanded: boolean;
  onToggle: () => void;
  onCreateDeal: () => void;
  onDelete: () => void;
}) {
  const highPriority = company.monitoring_priority === 'high';
  const detailsId = `company-details-${company.id}`;
  return (
    <Fragment>
      <tr
        data-priority={company.monitoring_priority ?? undefined}
        className={cn(highPriority ? 'bg-emerald-50 hover:bg-emerald-100/70' : 'hover:bg-slate-50/80')}
      >
        <td className="py-2.5 pr-2.5 pl-2">
          <div className="flex items-center gap-0.5">
            <IconButton
              aria-expanded={expanded}
              aria-controls={detailsId}
              aria-label={`Details of ${company.name}`}
              onClick={onToggle}
            >
              <ChevronRight
                aria-hidden="true"
                className={cn('size-4 transition-transform', expanded && 'rotate-90')}
              />
            </IconButton>
            <WatchToggle company={company} />
            <div className="min-w-0 pl-1">
              <Link
                to={`/companies/${company.id}`}
                className="block max-w-48 truncate font-medium text-slate-900 hover:text-indigo-600 hover:underline"
              >
                {company.name}
              </Link>
              <p className="max-w-48 truncate text-xs text-slate-500">{company.industry ?? '—'}</p>
            </div>
          </div>
        </td>
        <td
          className="max-w-32 truncate px-2.5 py-2.5 whitespace-nowrap text-slate-700"
          title={company.headquarters_country ?? undefined}
        >
          {company.headquarters_country ?? '—'}
        </td>
        <td className="px-2.5 py-2.5 whitespace-nowrap text-slate-700">{company.stage ?? '—'}</td>
        <td className="px-2.5 py-2.5 text-slate-700 tabular-nums">{formatEuroCompact(company.revenue)}</td>
        <td className="px-2.5 py-2.5">
          <div className="flex flex-col items-start gap-1">
            <span className="text-slate-700 tabular-nums">
              {formatPercent(company.revenue_growth, { signed: true })}
            </span>
            {isHighGrowth(company.revenue_growth) && <HighGrowthBadge />}
          </div>
        </td>
        <td className="px-2.5 py-2.5">
          <ThematicScoreBadge score={company.thematic_score} />
        </td>
        <td className="px-2.5 py-2.5">
          <PriorityBadge priority={company.monitoring_priority} />
        </td>
        <td className="px-2.5 py-2.5">
          <ConfidenceLevel level={company.confidence_level} />
        </td>
        <td className="py-2.5 pr-3 pl-2">
          <div className="flex items-center justify-end gap-0.5">
            <Tooltip content="Create deal" side="top">
              <IconButton tone="accent" aria-label={`Create deal for ${company.name}`} onClick={onCreateDeal}>
                <BriefcaseBusiness aria-hidden="true" className="size-4" />
              </IconButton>
            </Tooltip>
            <Tooltip content="Delete" side="top">
              <IconButton tone="danger" aria-label={`Delete ${company.name}`} onClick={onDelete}>
                <Trash2 aria-hidden="true" className="size-4" />
              </IconButton>
            </Tooltip>
          </div>
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className={highPriority ? 'bg-emerald-50/60' : 'bg-slate-50/60'}>
          <td colSpan={COLUMNS.length + 1} className="px-4 pt-1 pb-4 pl-14">
            <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
              <section aria-label={`Investors in ${company.name}`}>
                <h3 className="mb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
                  Investors
                </h3>
                <InvestorPreview investors={company.investors} total={company.investor_count} />
              </section>
              <section aria-label={`Source articles about ${company.name}`}>
                <h3 className="mb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
                  Source articles
                </h3>
                <ArticlePreview articles={company.source_articles} total={company.source_article_count} />
              </section>
            </div>
            {company.description && (
              <p className="mt-3 line-clamp-2 max-w-3xl text-sm text-slate-600">{company.description}</p>
            )}
          </td>
        </tr>
      )}
    </Fragment>
  );
}
