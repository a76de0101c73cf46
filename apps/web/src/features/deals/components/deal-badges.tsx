import type { TDealStage, TRedFlagLevel, TThematicRecommendation } from '@atempo/contracts';
import { type PillTone, TonePill } from '../../../components/ui/tone-pill.tsx';
import { RECOMMENDATION_LABELS, RED_FLAG_LEVEL_LABELS, STAGE_LABELS } from '../lib/deal-labels.ts';

const STAGE_TONES: Record<TDealStage, PillTone> = {
  lead: 'neutral',
  qualified: 'sky',
  due_diligence: 'blue',
  ic_review: 'indigo',
  term_sheet: 'violet',
  legal_docs: 'teal',
  closed: 'green',
  rejected: 'rose',
};

const RECOMMENDATION_TONES: Record<TThematicRecommendation, PillTone> = {
  proceed: 'green',
  conditional_proceed: 'yellow',
  reject: 'red',
};

const RED_FLAG_LEVEL_TONES: Record<TRedFlagLevel, PillTone> = {
  reject: 'red',
  high_risk: 'orange',
  moderate_risk: 'yellow',
  low_risk: 'green',
};

export function StageBadge({ stage }: { stage: TDealStage }) {
  return <TonePill tone={STAGE_TONES[stage]}>{STAGE_LABELS[stage]}</TonePill>;
}

export function RecommendationBadge({ recommendation }: { recommendation: TThematicRecommendation | null }) {
  if (!recommendation) return <span className="text-xs text-slate-400">Not set</span>;
  return (
    <TonePill tone={RECOMMENDATION_TONES[recommendation]}>{RECOMMENDATION_LABELS[recommendation]}</TonePill>
  );
}

/** reject reads Critical Risk (spec 02 §4). */
export function RedFlagLevelBadge({ level }: { level: TRedFlagLevel | null }) {
  if (!level) return <span className="text-xs text-slate-400">Not assessed</span>;
  return <TonePill tone={RED_FLAG_LEVEL_TONES[level]}>{RED_FLAG_LEVEL_LABELS[level]}</TonePill>;
}
