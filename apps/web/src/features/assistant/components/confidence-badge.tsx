import { TonePill } from '../../../components/ui/tone-pill.tsx';
import { confidenceTone, formatConfidence } from '../lib/chat-entry.ts';

/** Spec 01 §2 confidence colours: 0.8 and above green, 0.6 and above yellow, otherwise red. */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  return (
    <TonePill tone={confidenceTone(confidence)} className="tabular-nums">
      <span className="sr-only">Confidence </span>
      {formatConfidence(confidence)}
    </TonePill>
  );
}
