import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { oauthStatusQuery } from '../api/oauth-api.ts';
import { readMicrosoftSessionId, storeMicrosoftSessionId } from '../lib/oauth-storage.ts';

export interface MicrosoftAccount {
  isPending: boolean;
  connected: boolean;
  email: string | null;
  /** The Microsoft 365 connection the SharePoint calls name; null when not connected. */
  sessionId: string | null;
  /** The connection needs the user to sign in again (expired or revoked). */
  needsReconnect: boolean;
  reason: string | null;
  /** False when the server lacks Microsoft's settings. */
  configured: boolean;
}

/**
 * The caller's Microsoft 365 connection (GET /oauth/status), and the session id kept in the browser
 * in step with it: the server's own id wins, and a connection that is gone forgets it.
 */
export function useMicrosoftAccount(): MicrosoftAccount {
  const status = useQuery(oauthStatusQuery());
  const microsoft = status.data?.microsoft;

  useEffect(() => {
    if (!microsoft) return;
    if (!microsoft.connected) storeMicrosoftSessionId(null);
    else if (microsoft.session_id && microsoft.session_id !== readMicrosoftSessionId())
      storeMicrosoftSessionId(microsoft.session_id);
  }, [microsoft]);

  const connected = microsoft?.connected ?? false;
  return {
    isPending: status.isPending,
    connected,
    email: microsoft?.email ?? null,
    sessionId: connected ? (microsoft?.session_id ?? readMicrosoftSessionId()) : null,
    needsReconnect: connected && (microsoft?.status === 'needs_reconnect' || microsoft?.expired === true),
    reason: microsoft?.reason ?? null,
    configured: microsoft?.configured ?? true,
  };
}
