import type { TCalculation, TDealStage } from '@atempo/contracts';
import type { CompanyMention } from '../company-mentions.ts';
import type { Intent, Severity, Subject, Understanding } from '../intents.ts';
import type { NormalisedQuestion, TimeWindow } from '../question.ts';

export interface UnderstandInput {
  question: NormalisedQuestion;
  mentions: CompanyMention[];
  /** The deal of the side panel or intelligence page, when the question is asked there. */
  dealId: string | null;
  /** Companies named by the previous questions, most recent first (for "and its burn?"). */
  previousMentions: CompanyMention[];
  /** The previous question, understood, for "and Beta?". */
  previous: Understanding | null;
  now: Date;
}

/** What every rule may read about a question: its words, what they name and who it is about. */
export interface QuestionContext {
  input: UnderstandInput;
  question: NormalisedQuestion;
  /** Said back in the answer; a rule adds to it before it answers. */
  notes: string[];
  metrics: string[];
  stages: TDealStage[] | null;
  severity: Severity | null;
  window: TimeWindow | null;
  calculation: TCalculation | null;
  /** The deal in context, as a subject. */
  dealSubject: Subject | null;
  /** The companies named in this question. */
  named: Subject[];
  /** The company named in this question, else the deal in context. */
  subject: Subject | null;
  /** The last company named in the conversation. */
  followUpSubject: Subject | null;
  /** Names the question gives that match no company of the organisation. */
  unknownNames: string[];
  /** The subject, else (for a follow-up or a metric question) the last company named. */
  subjectOrFollowUp: Subject | null;
  /** The understanding of an intent, with this question's notes. */
  sure: (intent: Intent, match: number) => Understanding;
}

/** One intent's rule: the understanding when the question asks for it, else null for the next rule. */
export type IntentRule = (context: QuestionContext) => Understanding | null;
