import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';

/** Every error the API answers: a sentence for people, a code for programs. */
export const ZErrorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOkResponse = z.object({ success: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

export const ZUuid = z.uuid();
export const ZIdParams = z.object({ id: z.uuid() });

/** Emails are compared and stored lower-cased and trimmed. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 8 characters' })
  .max(256, { message: 'Password must be at most 256 characters' });

export const ZName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(100, { message: `${label} must be at most 100 characters` });

/**
 * The largest amount (EUR) the API takes: a thousand times the largest company's revenue, and well
 * inside PostgreSQL's numeric(20, 2). Larger is a typo or an attack, and breaks the scoring maths.
 */
export const MAX_AMOUNT = 1e15;

/**
 * Numbers closer to zero than this, other than 0 itself, are refused. Denormals like 5e-324 mean
 * nothing as an amount, ratio or score, and PostgreSQL's `real` cannot store them (decision 008).
 */
export const MIN_NONZERO_MAGNITUDE = 1e-30;

export const isStorableMagnitude = (value: number) => value === 0 || Math.abs(value) >= MIN_NONZERO_MAGNITUDE;

/** Adds the storable-magnitude rule to a number schema (keeps its type, so bounds still chain). */
export const storable = <T extends z.ZodNumber>(schema: T): T =>
  schema.refine(isStorableMagnitude, { message: 'is too close to zero to store; send 0 instead' }) as T;

/** Spec 02 §3 pagination. */
export const ZPagination = z.object({
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
  current_page: z.number().int().min(1),
  has_previous: z.boolean(),
  has_next: z.boolean(),
});
export type TPagination = z.infer<typeof ZPagination>;
