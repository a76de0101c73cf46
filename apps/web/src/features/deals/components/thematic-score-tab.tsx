import type { TDeal, TDealScoringBreakdown } from '@atempo/contracts';
import { cn } from '../../../components/ui/cn.ts';
import {
  componentScoreTone,
  roundScore,
  SCORE_TONE_CLASSES,
  thematicScoreTone,
} from '../../../lib/format/score-tones.ts';
import { RecommendationBadge } from './deal-badges.tsx';
import { ScoreBar } from './score-bar.tsx';

type Component = keyof TDealScoringBreakdown['sector_scores'];

/** The five breakdown components of spec 02, in the order the thesis weighs them. */
const COMPONENTS: { key: Component; label: string }[] = [
  { key: 'sector_alignment', label: 'Sector Alignment' },
  { key: 'geographic_fit', label: 'Geographic Fit' },
  { key: 'stage_fit', label: 'Stage Fit' },
  { key: 'deal_size_fit', label: 'Deal Size Fit' },
  { key: 'financial_metrics', label: 'Financial Metrics' },
];

export function ThematicScoreTab({ deal }: { deal: TDeal }) {
  if (deal.thematic_score === null) {
    return (
      <p className="py-6 text-center text-sm text-slate-500">
        Scoring... This deal has no thematic score yet.
      </p>
    );
  }
  const score = roundScore(deal.thematic_score);
  const tone = thematicScoreTone(score);
  const breakdown = deal.scoring_breakdown;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-slate-50 px-5 py-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Thematic score</p>
          <p className="mt-1 flex items-baseline gap-1">
            <span
              data-testid="thematic-score"
              data-tone={tone}
              className={cn('text-3xl font-semibold tabular-nums', SCORE_TONE_CLASSES[tone].text)}
            >
              {score.toFixed(1)}
            </span>
            <span className="text-sm text-slate-400">/ 10</span>
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Recommendation</p>
          <div className="mt-1.5">
            <RecommendationBadge recommendation={deal.thematic_recommendation} />
          </div>
        </div>
      </div>

      {breakdown ? (
        <ul className="space-y-4" aria-label="Score breakdown">
          {COMPONENTS.map(({ key, label }) => {
            const value = roundScore(breakdown.sector_scores[key]);
            const componentTone = componentScoreTone(value);
            const weight = breakdown.weights[key];
            return (
              <li key={key}>
                <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-medium text-slate-800">
                    {label}
                    {weight > 0 && (
                      <span className="ml-2 text-xs font-normal text-slate-400">
                        {Math.round(weight * 100)}% weight
                      </span>
                    )}
                  </span>
                  <span className={cn('font-semibold tabular-nums', SCORE_TONE_CLASSES[componentTone].text)}>
                    {value.toFixed(1)}
                  </span>
                </div>
                <ScoreBar value={value} tone={componentTone} label={label} />
                <p className="mt-1.5 text-xs text-slate-500">{breakdown.reasons[key]}</p>
                {key === 'deal_size_fit' && (
                  <p className="mt-1 text-xs text-slate-400">
                    The sweet spot is the middle of the thesis deal-size range, about €5–10M with the default
                    thesis; tickets there score highest.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No breakdown is available for this score.</p>
      )}
    </div>
  );
}
