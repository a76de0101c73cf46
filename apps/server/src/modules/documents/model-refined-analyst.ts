import { DOCUMENT_TYPES, type TDocumentType } from '@atempo/contracts';
import type { ExtractedDocument } from '@atempo/documents';
import { generateText } from 'ai';
import type { Logger } from 'pino';
import { findUnsupportedFigures } from '../../platform/ai/figure-check.ts';
import { type ConfiguredModel, createConfiguredModel } from '../../platform/ai/language-model.ts';
import type { JobDependencies } from '../../platform/context.ts';
import { builtInAnalyst } from './built-in-analyst.ts';
import type { DocumentAnalyst } from './pipeline.ts';

/** How much of the document the model reads: the opening pages carry what classifies and summarises it. */
const MAX_TEXT_CHARS = 12_000;
/** Confidence of a type the model chose over the built-in's guess, and of one both agree on. */
const CONFIDENCE_MODEL_TYPE = 0.75;
const CONFIDENCE_AGREED = 0.9;

interface Refinement {
  documentType: TDocumentType | null;
  summary: string | null;
}

function documentText(doc: ExtractedDocument): string {
  const parts =
    doc.pages.length > 0
      ? doc.pages.map((page) => page.text)
      : doc.sheets.flatMap((sheet) => sheet.cells.map((cell) => cell.text));
  return parts.join('\n').slice(0, MAX_TEXT_CHARS);
}

const PROMPT = (filename: string, guess: TDocumentType, text: string) =>
  [
    'You classify and summarise documents received by a venture-debt lender.',
    `Document types: ${DOCUMENT_TYPES.join(', ')}. A rule-based reader guessed: ${guess}.`,
    'Answer with JSON only: {"document_type": "<one of the types>", "summary": "<2 to 4 sentences for a credit analyst>"}.',
    'The summary may only state numbers written in the document, exactly as written.',
    `File name: ${filename}`,
    'Document text:',
    text,
  ].join('\n');

function parseRefinement(text: string): Refinement {
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  const value = JSON.parse(json) as { document_type?: unknown; summary?: unknown };
  const documentType = DOCUMENT_TYPES.find((type) => type === value.document_type) ?? null;
  const summary = typeof value.summary === 'string' && value.summary.trim() ? value.summary.trim() : null;
  return { documentType, summary };
}

/**
 * With a configured model, the document pipeline's classification and summary are refined by it
 * (issue 7 §4); everything else — key metrics, facility terms, risk flags, their sources — stays
 * the built-in analyst's, the ground truth. One model call per document, made when classifying;
 * the summary it wrote is used only if every figure in it is written in the document. Any failure
 * keeps the built-in result. A notice on the document says what the model did.
 */
export function modelRefinedAnalyst(
  base: DocumentAnalyst,
  configured: ConfiguredModel,
  logger?: Logger,
): DocumentAnalyst {
  const refinements = new WeakMap<ExtractedDocument, Refinement>();
  const name = `${configured.info.provider} · ${configured.info.model}`;

  return {
    ...base,
    async classify(doc, filename) {
      const guess = await base.classify(doc, filename);
      try {
        const { text } = await generateText({
          model: configured.model,
          prompt: PROMPT(filename, guess.document_type, documentText(doc)),
          maxRetries: 0,
          temperature: 0,
          maxOutputTokens: 600,
          abortSignal: AbortSignal.timeout(2 * configured.timeoutMs),
        });
        const refinement = parseRefinement(text);
        refinements.set(doc, refinement);
        if (!refinement.documentType) return guess;
        if (refinement.documentType === guess.document_type) {
          return { ...guess, confidence_score: Math.max(guess.confidence_score, CONFIDENCE_AGREED) };
        }
        return { document_type: refinement.documentType, confidence_score: CONFIDENCE_MODEL_TYPE };
      } catch (error) {
        logger?.warn(
          { err: error, engine: configured.info },
          'the model could not refine a document; the built-in analysis stands',
        );
        return guess;
      }
    },

    async summarise(doc, type) {
      const summary = await base.summarise(doc, type);
      const refinement = refinements.get(doc);
      if (!refinement?.summary) return summary;
      const unsupported = findUnsupportedFigures(refinement.summary, [documentText(doc)]);
      if (unsupported.length > 0) {
        doc.notices.push(
          `The summary is the built-in analyst's: the one written by ${name} stated figures the document does not hold (${unsupported.join(', ')}).`,
        );
        return summary;
      }
      doc.notices.push(
        `The classification and summary were refined by ${name}; the figures are the built-in analyst's, with their sources.`,
      );
      return { ...summary, content_summary: refinement.summary };
    },
  };
}

/** The pipeline's analyst for these settings: the built-in one, refined by the model when LLM_PROVIDER is set. */
export function documentAnalystFor(deps: Pick<JobDependencies, 'config' | 'logger'>): DocumentAnalyst {
  const base = builtInAnalyst(deps.config.fxRates);
  if (!deps.config.llm) return base;
  return modelRefinedAnalyst(base, createConfiguredModel(deps.config.llm), deps.logger);
}
