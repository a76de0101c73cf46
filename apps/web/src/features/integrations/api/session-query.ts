/**
 * A query string with the Microsoft session id (when known) and the other parameters, blanks left
 * out: '?session_id=…&folder_path=…', or '' when there is nothing to send.
 */
export function withSession(
  sessionId: string | null | undefined,
  params: Record<string, string | undefined> = {},
): string {
  const query = new URLSearchParams();
  if (sessionId) query.set('session_id', sessionId);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}
