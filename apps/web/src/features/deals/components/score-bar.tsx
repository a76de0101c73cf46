import { cn } from '../../../components/ui/cn.ts';
import { SCORE_TONE_CLASSES, type ScoreTone } from '../../../lib/format/score-tones.ts';

/** A 0–10 value as a coloured bar; the number is shown beside it by the caller. */
export function ScoreBar({ value, tone, label }: { value: number; tone: ScoreTone; label: string }) {
  const percent = Math.min(100, Math.max(0, value * 10));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled alike across browsers
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={10}
      aria-valuenow={value}
      data-tone={tone}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div
        className={cn('h-full rounded-full', SCORE_TONE_CLASSES[tone].bar)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
