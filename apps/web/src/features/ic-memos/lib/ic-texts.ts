/**
 * The IC materials' alert texts, word for word (spec 02 §8). `{status} {statusText}` texts are for
 * answers the server refused; the `{error}` / `{reason}` texts for failures without an answer.
 * The success text of an email, IC_EMAIL_SENT, is shared with the server in the contracts.
 */

export const EXPORT_PDF_FAILED = 'Failed to export PDF. Please try again.';
export const AGENT_TIMEOUT_TEXT = 'Request timed out after 2 minutes. The agent may still be processing.';
export const AGENT_EMAIL_COMING_SOON = 'Email for agent-generated IC packages is coming soon.';

// Not in the spec, in the same voice as its texts.
export const SLIDES_DOWNLOAD_FAILED = 'Failed to download slides. Please try again.';
export const EMAIL_SENDING_TEXT = 'Email queued. Waiting for the mail server to accept it...';
export const EMAIL_LOGGED_TEXT =
  'The email was not sent: no mail server is configured on this server (SMTP_URL), so it was written to the server log instead.';

export const generationFailedText = (status: number, statusText: string) =>
  `Failed to generate IC materials: ${status} ${statusText}`.trimEnd();
export const agentFailedText = (reason: string) =>
  `Failed to generate IC materials with the agent: ${reason}`;
export const emailFailedText = (status: number, statusText: string) =>
  `Failed to email IC materials: ${status} ${statusText}`.trimEnd();
export const sendEmailFailedText = (error: string) => `Failed to send email: ${error}`;

/** HTTP/2 answers carry no reason phrase; the alert still names one. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const statusTextOf = (response: Pick<Response, 'status' | 'statusText'>) =>
  response.statusText || REASONS[response.status] || '';
