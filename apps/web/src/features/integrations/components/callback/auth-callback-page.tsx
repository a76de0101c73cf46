import { TextLink } from '../../../../components/ui/text-link.tsx';
import { useMicrosoftCallback } from '../../hooks/use-microsoft-callback.ts';
import { CallbackFrame } from './callback-frame.tsx';

/** /auth-callback, the Microsoft OAuth return page (spec 03 §2). */
export function AuthCallbackPage() {
  const view = useMicrosoftCallback();
  if (view.phase === 'processing')
    return (
      <CallbackFrame tone="processing" title="Processing Authentication">
        <p>Finishing your Microsoft 365 sign-in…</p>
      </CallbackFrame>
    );
  if (view.phase === 'success')
    return (
      <CallbackFrame tone="success" title="Authentication Successful">
        <p>You have successfully signed in with Microsoft 365.</p>
        <p>{view.popup ? 'This window closes in a moment.' : 'Taking you on to Atempo…'}</p>
      </CallbackFrame>
    );
  return (
    <CallbackFrame tone="error" title="Authentication Failed">
      <p role="alert" className="font-medium text-red-700">
        {view.message}
      </p>
      {view.popup ? (
        <p>You can close this window and try again.</p>
      ) : (
        <p>
          <TextLink to="/integrations">Return to Integrations</TextLink>
        </p>
      )}
    </CallbackFrame>
  );
}
