import { cn } from '../../../../components/ui/cn.ts';
import { componentScoreTone, roundScore, SCORE_TONE_CLASSES } from '../../../../lib/format/score-tones.ts';
import { formatScore } from '../../lib/format.ts';

/**
 * One scoring component 0–10 as a bar coloured above 7 green, above 4 yellow, else red. The bar
 * is decoration: the figure beside the label says the same to assistive technology.
 */
export function ScoreBar({ label, score, reason }: { label: string; score: number; reason?: string }) {
  const tone = componentScoreTone(roundScore(score));
  const width = Math.max(0, Math.min(10, score)) * 10;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatScore(score)}</span>
      </div>
      <div
        aria-hidden="true"
        data-score-bar={label}
        data-tone={tone}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full', SCORE_TONE_CLASSES[tone].bar)}
          style={{ width: `${width}%` }}
        />
      </div>
      {reason && <p className="mt-1 text-xs text-slate-500">{reason}</p>}
    </div>
  );
}
