import type { TDeal, TRedFlag, TRedFlagSummary } from '@atempo/contracts';
import { cn } from '../../../components/ui/cn.ts';
import { type PillTone, TonePill } from '../../../components/ui/tone-pill.tsx';
import { riskScoreTone, roundScore, SCORE_TONE_CLASSES } from '../../../lib/format/score-tones.ts';
import { humanize } from '../../../lib/humanize.ts';
import { RedFlagLevelBadge } from './deal-badges.tsx';
import { ScoreBar } from './score-bar.tsx';

const SEVERITY_TONES: Record<TRedFlag['severity'], PillTone> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'neutral',
};

const CATEGORY_LISTS: { key: keyof TRedFlagSummary; label: string }[] = [
  { key: 'financial_flags', label: 'Financial' },
  { key: 'data_quality_flags', label: 'Data Quality' },
  { key: 'operational_flags', label: 'Operational' },
  { key: 'market_flags', label: 'Market' },
  { key: 'relationship_flags', label: 'Relationship' },
];

const COUNTS: { key: keyof TRedFlagSummary; label: string; tone: string }[] = [
  { key: 'total_flags', label: 'Total', tone: 'text-slate-900' },
  { key: 'critical_flags', label: 'Critical', tone: 'text-red-700' },
  { key: 'high_flags', label: 'High', tone: 'text-orange-700' },
  { key: 'medium_flags', label: 'Medium', tone: 'text-yellow-700' },
  { key: 'low_flags', label: 'Low', tone: 'text-slate-600' },
];

export function RedFlagsTab({ deal }: { deal: TDeal }) {
  const summary = deal.red_flag_summary;
  if (!summary || deal.red_flag_score === null) {
    return (
      <p className="py-6 text-center text-sm text-slate-500">
        Red flags are assessed when the deal is scored. Check back shortly.
      </p>
    );
  }
  const score = roundScore(deal.red_flag_score);
  const tone = riskScoreTone(score);
  return (
    <div className="space-y-6">
      <div className="rounded-lg bg-slate-50 px-5 py-4">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Risk level</p>
            <div className="mt-1.5">
              <RedFlagLevelBadge level={deal.red_flag_level} />
            </div>
          </div>
          <div className="text-right">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Risk score</p>
            <p className="mt-1">
              <span
                data-testid="risk-score"
                className={cn('text-2xl font-semibold tabular-nums', SCORE_TONE_CLASSES[tone].text)}
              >
                {score.toFixed(1)}
              </span>
              <span className="text-sm text-slate-400"> / 10</span>
            </p>
          </div>
        </div>
        <div className="mt-3">
          <ScoreBar value={score} tone={tone} label="Risk score" />
        </div>
      </div>

      <dl className="grid grid-cols-5 gap-2" aria-label="Flags by severity">
        {COUNTS.map(({ key, label, tone: text }) => (
          <div key={key} className="rounded-lg border border-slate-200 px-3 py-2 text-center">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className={cn('text-lg font-semibold tabular-nums', text)}>{summary[key] as number}</dd>
          </div>
        ))}
      </dl>

      {summary.key_concerns.length > 0 && (
        <section aria-labelledby="key-concerns">
          <h3 id="key-concerns" className="text-sm font-semibold text-slate-900">
            Key concerns
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {summary.key_concerns.map((concern) => (
              <li key={concern}>{concern}</li>
            ))}
          </ul>
        </section>
      )}

      <div className="space-y-4">
        {CATEGORY_LISTS.map(({ key, label }) => {
          const flags = summary[key] as TRedFlag[];
          const headingId = `flags-${key}`;
          return (
            <section key={key} aria-labelledby={headingId}>
              <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                {label}
                <span className="rounded-full bg-slate-100 px-1.5 text-xs font-medium text-slate-600">
                  {flags.length}
                </span>
              </h3>
              {flags.length === 0 ? (
                <p className="mt-1 text-xs text-slate-400">No {label.toLowerCase()} flags.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {flags.map((flag) => (
                    <li key={`${flag.flag_type}-${flag.description}`} className="flex gap-3 px-3 py-2.5">
                      <TonePill tone={SEVERITY_TONES[flag.severity]} className="mt-0.5 self-start capitalize">
                        {flag.severity}
                      </TonePill>
                      <div className="min-w-0 text-sm">
                        <p className="font-medium text-slate-800">{humanize(flag.flag_type)}</p>
                        <p className="text-slate-600">{flag.description}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
