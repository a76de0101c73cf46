import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { roundScore, SCORE_TONE_CLASSES, thematicScoreTone } from '../../../lib/format/score-tones.ts';

/**
 * A deal's thematic score coloured by spec 02 §9, opening the score dialog; a deal not scored
 * yet shows Scoring... with a spinner.
 */
export function ScoreBadge({
  score,
  company,
  onOpen,
}: {
  score: number | null;
  company: string;
  onOpen?: () => void;
}) {
  if (score === null) {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
        <Spinner size="sm" decorative className="text-indigo-500" />
        Scoring...
      </span>
    );
  }
  const shown = roundScore(score);
  const tone = thematicScoreTone(shown);
  return (
    <button
      type="button"
      data-tone={tone}
      aria-label={`Thematic score ${shown.toFixed(1)} for ${company}: open score details`}
      onClick={onOpen}
      className={cn(
        'inline-flex min-w-11 items-center justify-center rounded-md px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset transition hover:brightness-95',
        SCORE_TONE_CLASSES[tone].badge,
        focusRing,
      )}
    >
      {shown.toFixed(1)}
    </button>
  );
}
