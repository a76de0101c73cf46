import { z } from 'zod';
import { validationError } from '../../platform/errors.ts';
import { unstorableTextReason } from '../../platform/text-guard.ts';

/** The text fields of the two upload forms; multipart sends strings, and an empty one means absent. */

const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const storableName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .superRefine((value, context) => {
    const reason = unstorableTextReason(value);
    if (reason) context.addIssue({ code: 'custom', message: reason });
  });

/** POST /workflows/document-processing: the deal the document belongs to, and its company's name. */
export const ZWorkflowUploadFields = z.object({
  deal_id: z.uuid(),
  company_name: storableName,
});

/** POST /document-processing/process: a document on its own, or linked to a deal or a company. */
export const ZProcessUploadFields = z.object({
  deal_id: z.preprocess(blankAsAbsent, z.uuid().optional()),
  company_id: z.preprocess(blankAsAbsent, z.uuid().optional()),
  company_name: z.preprocess(blankAsAbsent, storableName.optional()),
});

export interface UploadLinks {
  deal_id?: string;
  company_id?: string;
  company_name?: string;
}

/** The fields validated by `schema`, or the 422 naming each field at fault. */
export function parseUploadFields(
  schema: z.ZodType<UploadLinks>,
  fields: Record<string, string>,
): UploadLinks {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      const missing = issue.code === 'invalid_type' && fields[path] === undefined;
      return { path, message: missing ? `${path} is required` : issue.message };
    }),
  );
}
