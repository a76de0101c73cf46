import {
  RED_FLAG_CATEGORIES,
  type TCompanyDetail,
  type TFacilitySuggestion,
  type TRedFlag,
  type TRedFlagLevel,
  type TThematicRecommendation,
} from '@atempo/contracts';
import { formatEuroCompact } from '../../../../lib/format/money.ts';
import { formatDate } from '../../../../lib/format.ts';
import { humanize } from '../../../../lib/humanize.ts';
import { formatScore } from '../../lib/format.ts';
import { withUniqueKeys } from '../../lib/unique-keys.ts';
import { PriorityBadge } from '../company-badges.tsx';
import { Pill } from '../pill.tsx';
import { ThematicScoreBadge } from '../thematic-score-badge.tsx';
import { TabSection } from './facts.tsx';
import { ScoreBar } from './score-bar.tsx';

type Component = 'sector_alignment' | 'geographic_fit' | 'stage_fit' | 'financial_health';

const COMPONENTS: { key: Component; label: string; field: keyof TCompanyDetail }[] = [
  { key: 'sector_alignment', label: 'Sector Alignment', field: 'sector_alignment_score' },
  { key: 'geographic_fit', label: 'Geographic Fit', field: 'geographic_fit_score' },
  { key: 'stage_fit', label: 'Stage Fit', field: 'stage_fit_score' },
  { key: 'financial_health', label: 'Financial Health', field: 'financial_health_score' },
];

const recommendationLabels: Record<TThematicRecommendation, string> = {
  proceed: 'Proceed',
  conditional_proceed: 'Conditional proceed',
  reject: 'Reject',
};

export const redFlagLevelLabels: Record<TRedFlagLevel, string> = {
  reject: 'Critical Risk',
  high_risk: 'High Risk',
  moderate_risk: 'Moderate Risk',
  low_risk: 'Low Risk',
};

const levelClasses: Record<TRedFlagLevel, string> = {
  reject: 'bg-red-100 text-red-800 ring-red-300',
  high_risk: 'bg-orange-50 text-orange-800 ring-orange-200',
  moderate_risk: 'bg-amber-50 text-amber-800 ring-amber-200',
  low_risk: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

const severityClasses: Record<TRedFlag['severity'], string> = {
  critical: 'bg-red-100 text-red-800 ring-red-300',
  high: 'bg-orange-50 text-orange-800 ring-orange-200',
  medium: 'bg-amber-50 text-amber-800 ring-amber-200',
  low: 'bg-slate-100 text-slate-600 ring-slate-200',
};

const SEVERITY_ORDER: TRedFlag['severity'][] = ['critical', 'high', 'medium', 'low'];

export function AnalysisTab({ company }: { company: TCompanyDetail }) {
  if (company.thematic_score === null) {
    return (
      <div className="flex flex-col items-center py-10 text-center">
        <ThematicScoreBadge score={null} />
        <p className="mt-2 max-w-sm text-sm text-slate-500">
          This company is being scored against your investment thesis. The analysis appears here when it is
          done.
        </p>
      </div>
    );
  }
  const breakdown = company.scoring_breakdown;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-x-8 gap-y-3">
        <div>
          <p className="text-xs font-medium text-slate-500">Thematic score</p>
          <ThematicScoreBadge score={company.thematic_score} className="mt-1 text-lg" />
        </div>
        {company.thematic_recommendation && (
          <div>
            <p className="text-xs font-medium text-slate-500">Recommendation</p>
            <p className="mt-1 text-sm font-semibold text-slate-900">
              {recommendationLabels[company.thematic_recommendation]}
            </p>
          </div>
        )}
        <div>
          <p className="text-xs font-medium text-slate-500">Monitoring priority</p>
          <div className="mt-1">
            <PriorityBadge priority={company.monitoring_priority} />
          </div>
        </div>
        {company.last_scored_at && (
          <div>
            <p className="text-xs font-medium text-slate-500">Last scored</p>
            <p className="mt-1 text-sm text-slate-700">{formatDate(company.last_scored_at)}</p>
          </div>
        )}
      </div>

      <TabSection title="Score breakdown">
        <div className="space-y-4">
          {COMPONENTS.map(({ key, label, field }) => {
            const score = breakdown?.sector_scores[key] ?? (company[field] as number | null);
            if (score === null || score === undefined) return null;
            return <ScoreBar key={key} label={label} score={score} reason={breakdown?.reasons[key]} />;
          })}
        </div>
      </TabSection>

      <RedFlags company={company} />
      <SuggestedFacility facility={company.suggested_facility} />
    </div>
  );
}

function RedFlags({ company }: { company: TCompanyDetail }) {
  const flags = company.red_flags ?? [];
  const groups = RED_FLAG_CATEGORIES.map((category) => ({
    category,
    flags: flags
      .filter((flag) => flag.category === category)
      .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity)),
  })).filter((group) => group.flags.length > 0);

  return (
    <TabSection title="Red flags">
      {(company.red_flag_level || company.red_flag_score !== null) && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {company.red_flag_level && (
            <Pill colors={levelClasses[company.red_flag_level]}>
              {redFlagLevelLabels[company.red_flag_level]}
            </Pill>
          )}
          {company.red_flag_score !== null && (
            <span className="text-slate-600">
              Risk score{' '}
              <span className="font-semibold text-slate-900">{formatScore(company.red_flag_score)}</span> / 10
            </span>
          )}
        </div>
      )}
      {groups.length === 0 ? (
        <p className="text-sm text-slate-500">No red flags found.</p>
      ) : (
        <div className="space-y-4">
          {groups.map((group) => (
            <section key={group.category} aria-label={`${humanize(group.category)} flags`}>
              <h3 className="mb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
                {humanize(group.category)} ({group.flags.length})
              </h3>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {withUniqueKeys(group.flags, (flag) => `${flag.flag_type}|${flag.description}`).map(
                  ({ key, item: flag }) => (
                    <li key={key} className="flex items-start gap-3 px-3 py-2.5">
                      <Pill
                        colors={severityClasses[flag.severity]}
                        className="mt-0.5 w-16 justify-center capitalize"
                      >
                        {flag.severity}
                      </Pill>
                      <div className="min-w-0 text-sm">
                        <p className="font-medium text-slate-800">{humanize(flag.flag_type)}</p>
                        <p className="text-slate-600">{flag.description}</p>
                      </div>
                    </li>
                  ),
                )}
              </ul>
            </section>
          ))}
        </div>
      )}
    </TabSection>
  );
}

function SuggestedFacility({ facility }: { facility: TFacilitySuggestion | null }) {
  return (
    <TabSection title="Suggested facility">
      {facility === null ? (
        <p className="text-sm text-slate-500">Not enough financial data to suggest a facility.</p>
      ) : (
        <div className="rounded-lg border border-indigo-100 bg-indigo-50/50 px-4 py-3">
          <p className="text-lg font-semibold text-slate-900">
            {facility.min !== null && facility.max !== null
              ? `${formatEuroCompact(facility.min)} – ${formatEuroCompact(facility.max)}`
              : 'No facility suggested'}
          </p>
          {facility.reasoning.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {facility.reasoning.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </TabSection>
  );
}
