/** One field problem of a 422 answer. */
export interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorInit {
  status: number;
  /** The server's human sentence; empty when the server gave none. */
  detail: string;
  code: string;
  errors?: FieldError[];
}

/** Every failed call surfaces as an ApiError carrying the server's {detail, code, errors}. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly errors: FieldError[] | undefined;

  constructor({ status, detail, code, errors }: ApiErrorInit) {
    super(detail || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.errors = errors;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const NETWORK_ERROR_DETAIL = 'Could not reach the Atempo server. Check your connection and try again.';

export function networkError(): ApiError {
  return new ApiError({ status: 0, detail: NETWORK_ERROR_DETAIL, code: 'NETWORK_ERROR' });
}

/** Builds the ApiError for a non-OK response, tolerating bodies that are not our JSON shape. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // HTML error pages from proxies and empty bodies carry no detail.
  }
  const record = isRecord(body) ? body : {};
  return new ApiError({
    status: response.status,
    detail: describeDetail(record.detail),
    code: typeof record.code === 'string' ? record.code : `HTTP_${response.status}`,
    errors: Array.isArray(record.errors) ? record.errors.filter(isFieldError) : undefined,
  });
}

/** What a screen shows for a failure: the server's sentence (or the error's message), else its fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function describeDetail(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  // Some validation layers answer a list of {msg}; keep their sentences rather than drop them.
  if (Array.isArray(detail)) {
    return detail
      .map((item) => (isRecord(item) && typeof item.msg === 'string' ? item.msg : ''))
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}
