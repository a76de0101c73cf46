import {
  type DocumentFormat,
  type ExtractedDocument,
  extractInSandbox,
  UnreadableDocumentError,
} from '@atempo/documents';
import { z } from 'zod';
import { readAll, StoredFileMissingError } from '../../platform/storage/index.ts';
import {
  StepFailed,
  StepSkipped,
  type WorkflowDefinition,
  type WorkflowRun,
} from '../../platform/workflows/index.ts';
import { companyCheckOf } from './document-company-check.ts';
import { type DocumentWithNames, findDocument } from './documents.repository.ts';
import { documentAnalystFor } from './model-refined-analyst.ts';
import { type DocumentAnalyst, type ProcessingOutputs, STAGE_PROGRESS } from './pipeline.ts';
import {
  analysisFailed,
  INTERRUPTED_FAILURE,
  recordProcessingOutcome,
  UNEXPECTED_FAILURE,
} from './processing-outcome.ts';

export const DOCUMENT_PROCESSING_WORKFLOW = 'document_processing';

/**
 * A running attempt taking longer than this is taken for dead (a killed worker) and retried.
 * Extraction stops itself at 30 s; the rest is fast, so this leaves ample room.
 */
export const PROCESS_DOCUMENT_EXPIRE_SECONDS = 5 * 60;

/** The execution's subject is the document; it takes no input. */
type Run = WorkflowRun<null>;

interface Source {
  document: DocumentWithNames;
  extracted: ExtractedDocument;
}

// Per attempt (the runner makes a new run object for each): the file is read and extracted once
// for all the steps of an attempt, and again by a retry that resumes after completed steps.
const sources = new WeakMap<Run, Promise<Source>>();
const analysts = new WeakMap<Run, DocumentAnalyst>();

function analystOf(run: Run): DocumentAnalyst {
  const known = analysts.get(run);
  if (known) return known;
  const analyst = documentAnalystFor(run.deps);
  analysts.set(run, analyst);
  return analyst;
}

function sourceOf(run: Run): Promise<Source> {
  const known = sources.get(run);
  if (known) return known;
  const source = readSource(run);
  sources.set(run, source);
  return source;
}

/** The document and its extracted text; a file that cannot be read fails the analysis at once. */
async function readSource(run: Run): Promise<Source> {
  const { db, storage } = run.deps;
  const document = run.subjectId ? await findDocument(db, run.organizationId, run.subjectId) : undefined;
  if (!document)
    throw new StepFailed(analysisFailed('the document was deleted before its analysis finished.'));
  try {
    const bytes = await readAll(await storage.get(run.organizationId, document.sha256));
    // In a worker thread with a heap and time limit (decision 013): a hostile file costs a worker.
    const extracted = await extractInSandbox(bytes, document.format as DocumentFormat);
    return { document, extracted };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) {
      run.logger.info({ documentId: document.id, reason: error.message }, 'Document unreadable');
      throw new StepFailed(analysisFailed(error.message));
    }
    if (error instanceof StoredFileMissingError) {
      run.logger.error({ documentId: document.id }, 'The stored file of a document is missing');
      throw new StepFailed(analysisFailed('the file is no longer stored; upload it again.'));
    }
    throw error;
  }
}

/** Runs one analysis stage on the extracted document and keeps the notices it added with its output. */
async function analyse<T extends object>(
  run: Run,
  stage: (source: Source, analyst: DocumentAnalyst) => T | Promise<T>,
): Promise<T & { notices: string[] }> {
  const source = await sourceOf(run);
  const before = source.extracted.notices.length;
  const output = await stage(source, analystOf(run));
  return { ...output, notices: source.extracted.notices.slice(before) };
}

const outputOf = <K extends keyof ProcessingOutputs>(run: Run, step: K) =>
  run.outputs[step] as ProcessingOutputs[K];

/**
 * extract → classify → find metrics → risk flags → summary → index, on the one runner (decision
 * 039), under the stage names and percentages the document screens poll. A retry resumes after the
 * last completed step; an unreadable file fails at once; the document's outcome is written with
 * the execution's end (processing-outcome.ts).
 */
export const DOCUMENT_PROCESSING: WorkflowDefinition<null> = {
  type: DOCUMENT_PROCESSING_WORKFLOW,
  input: z.null(),
  // Its own queue, under the job name it always had: uploads do not wait behind long workflows,
  // a dead worker's attempt is retried after 5 minutes, and jobs queued before decision 039 drain.
  queue: { name: 'process-document', retryLimit: 3, expireInSeconds: PROCESS_DOCUMENT_EXPIRE_SECONDS },
  steps: [
    {
      name: 'extract',
      stage: 'extracting',
      progress: STAGE_PROGRESS.extracting,
      run: async (run): Promise<ProcessingOutputs['extract']> => {
        const { extracted } = await sourceOf(run);
        return {
          page_count: extracted.metadata.pageCount || extracted.pages.length || extracted.sheets.length,
          notices: [...extracted.notices],
        };
      },
    },
    {
      name: 'classify',
      stage: 'classifying',
      progress: STAGE_PROGRESS.classifying,
      run: (run): Promise<ProcessingOutputs['classify']> =>
        analyse(run, ({ document, extracted }, analyst) => analyst.classify(extracted, document.name)),
    },
    {
      name: 'metrics',
      stage: 'finding_metrics',
      progress: STAGE_PROGRESS.finding_metrics,
      run: (run): Promise<ProcessingOutputs['metrics']> => {
        const type = outputOf(run, 'classify').document_type;
        return analyse(run, ({ extracted }, analyst) => ({
          key_metrics: analyst.findKeyMetrics(extracted, type),
          facility_terms: analyst.findFacilityTerms(extracted, type),
        }));
      },
    },
    {
      name: 'risks',
      stage: 'risk_flags',
      progress: STAGE_PROGRESS.risk_flags,
      run: (run): Promise<ProcessingOutputs['risks']> => {
        const metrics = outputOf(run, 'metrics');
        return analyse(run, ({ extracted }, analyst) =>
          analyst.assessRisks(extracted, {
            documentType: outputOf(run, 'classify').document_type,
            keyMetrics: metrics.key_metrics,
            facilityTerms: metrics.facility_terms,
          }),
        );
      },
    },
    {
      name: 'summary',
      stage: 'summarising',
      progress: STAGE_PROGRESS.summarising,
      run: (run): Promise<ProcessingOutputs['summary']> =>
        analyse(run, async ({ document, extracted }, analyst) => {
          const type = outputOf(run, 'classify').document_type;
          const summary = await analyst.summarise(extracted, type);
          return { ...summary, ...companyCheckOf(extracted, type, document.companyName) };
        }),
    },
    {
      // The stage is reported even without an index, so progress reads the same everywhere.
      name: 'index',
      stage: 'indexing',
      progress: STAGE_PROGRESS.indexing,
      run: async (run) => {
        const indexer = run.deps.documentIndexer;
        if (!indexer) throw new StepSkipped('no search index is wired in');
        const { document, extracted } = await sourceOf(run);
        return indexer.indexDocument({
          organizationId: run.organizationId,
          documentId: document.id,
          extracted,
          documentType: outputOf(run, 'classify').document_type,
        });
      },
    },
  ],
  // The analysis is the document's (GET /document-processing/result), not the execution's.
  result: () => null,
  // The sentence a person reads on the file (spec 01 §8), without the step's name.
  failure: ({ reason, retriesSpent, interrupted }) =>
    interrupted ? INTERRUPTED_FAILURE : retriesSpent ? UNEXPECTED_FAILURE : reason,
  finished: (tx, run, outcome) => recordProcessingOutcome(tx, run, outcome, analystOf(run).engine),
};
