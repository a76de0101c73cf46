import type { TInvestmentThesis } from '@atempo/contracts';
import type { ScoringSubject } from '../subject.ts';
import { detectRedFlags } from './detect.ts';
import { redFlagLevel, redFlagScore } from './score.ts';
import { type RedFlagSummary, summariseRedFlags } from './summary.ts';
import type { RedFlag, RedFlagLevel } from './types.ts';

export interface RedFlagAssessment {
  red_flags: RedFlag[];
  red_flag_score: number;
  red_flag_level: RedFlagLevel;
  red_flag_summary: RedFlagSummary;
}

export function assessRedFlags(
  subject: ScoringSubject,
  thesis: TInvestmentThesis,
  now: Date,
): RedFlagAssessment {
  const red_flags = detectRedFlags(subject, thesis, now);
  const red_flag_score = redFlagScore(red_flags);
  return {
    red_flags,
    red_flag_score,
    red_flag_level: redFlagLevel(red_flags, red_flag_score),
    red_flag_summary: summariseRedFlags(red_flags),
  };
}
