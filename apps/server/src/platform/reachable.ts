/** How long a health check waits for a dependency before counting it as down. */
const PING_TIMEOUT_MS = 2_000;

/**
 * Whether `ping` answers without error within the timeout: a dependency that hangs is as down as
 * one that refuses, and a health check must answer either way.
 */
export async function reachable(ping: () => Promise<unknown>, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
