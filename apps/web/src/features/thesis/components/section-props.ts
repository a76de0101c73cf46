import type { TInvestmentThesis } from '@atempo/contracts';

export type ThesisUpdate = (change: (thesis: TInvestmentThesis) => TInvestmentThesis) => void;

export interface SectionProps {
  thesis: TInvestmentThesis;
  update: ThesisUpdate;
}
