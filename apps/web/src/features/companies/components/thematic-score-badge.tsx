import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { roundScore, SCORE_TONE_CLASSES, thematicScoreTone } from '../../../lib/format/score-tones.ts';
import { formatScore } from '../lib/format.ts';

/** The thematic score 0–10 in its colour, or 'Scoring...' until the engine has scored the company. */
export function ThematicScoreBadge({ score, className }: { score: number | null; className?: string }) {
  if (score === null) {
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-xs text-slate-500', className)}>
        <Spinner size="sm" decorative className="text-indigo-500" />
        Scoring...
      </span>
    );
  }
  // The tone follows the figure as shown, so a badge reading 8.0 is green.
  const tone = thematicScoreTone(roundScore(score));
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex min-w-10 items-center justify-center rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums ring-1 ring-inset',
        SCORE_TONE_CLASSES[tone].badge,
        className,
      )}
    >
      {formatScore(score)}
    </span>
  );
}
