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
