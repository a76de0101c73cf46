import { z } from 'zod';

/**
 * Sending an IC memo by email (spec 02 §5, §7): the request as the email dialog sends it, with each
 * bad address named, and the answer the dialog shows. The PDF export's body is ZExportIcMemoPdfRequest
 * (ic-memos.ts).
 */

/** More addresses than a committee has members is a mistake (or abuse), not a mailing list. */
export const IC_EMAIL_MAX_RECIPIENTS = 50;

const ZAddress = z.email({
  error: (issue) => `${String(issue.input).slice(0, 120)} is not an email address`,
});

/** Comma-separated (or a list), trimmed, empties dropped; each one must be an email address. */
const ZAddressList = z
  .union([z.string().max(20_000), z.array(z.string().max(320)).max(IC_EMAIL_MAX_RECIPIENTS * 2)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((address) => address.trim()).filter(Boolean),
  )
  .pipe(
    z
      .array(ZAddress)
      .max(IC_EMAIL_MAX_RECIPIENTS, { message: `At most ${IC_EMAIL_MAX_RECIPIENTS} addresses` }),
  );

/** POST /ic-preparation/{id}/email: {id} is a memo id, or a deal id for that deal's latest memo. */
export const ZSendIcMemoEmailRequest = z.object({
  deal_id: z.uuid().optional(),
  company_name: z.string().trim().max(200).optional(),
  recipients: ZAddressList.refine((list) => list.length > 0, { message: 'Add at least one recipient' }),
  cc_recipients: ZAddressList.default([]),
  /** Blank: "IC memo: {company} (v{n})". */
  subject_override: z.string().trim().max(300).optional(),
});
export type TSendIcMemoEmailRequest = z.input<typeof ZSendIcMemoEmailRequest>;

/** The 202's message: the email is only queued when the request is answered. */
export const IC_EMAIL_QUEUED = 'The IC materials email is queued for sending.';

/** What the email dialog says once the job has handed the email to the mail server (spec 02 §8). */
export const IC_EMAIL_SENT = 'IC materials sent successfully!';

/** 202: the email is queued; its delivery is a workflow execution (GET /agents/workflows/{id}/status). */
export const ZSendIcMemoEmailResponse = z.object({
  message: z.string(),
  status: z.literal('queued'),
  execution_id: z.uuid(),
  ic_memo_id: z.uuid(),
  version: z.number().int(),
  subject: z.string(),
  recipients: z.array(z.string()),
  cc_recipients: z.array(z.string()),
});
export type TSendIcMemoEmailResponse = z.infer<typeof ZSendIcMemoEmailResponse>;

/** The subject when none is given. */
export const icMemoEmailSubject = (companyName: string, version: number) =>
  `IC memo: ${companyName} (v${version})`;

/**
 * The email job's result (the workflow execution's `result` once completed): `sent` when a mail
 * server accepted it, `logged` when no mail server is configured (SMTP_URL unset) and the email was
 * only written to the server log.
 */
export const ZIcMemoEmailResult = z.object({
  ic_memo_id: z.uuid(),
  delivery: z.enum(['sent', 'logged']),
  recipients: z.array(z.string()),
  cc_recipients: z.array(z.string()),
  subject: z.string(),
});
export type TIcMemoEmailResult = z.infer<typeof ZIcMemoEmailResult>;
