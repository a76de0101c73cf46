import { TextLink } from '../../../../components/ui/text-link.tsx';
import { useGmailCallback } from '../../hooks/use-gmail-callback.ts';
import { CallbackFrame } from './callback-frame.tsx';

const TITLE = 'Gmail Authorization';

/** /auth/gmail-callback, the Gmail OAuth return page (spec 03 §2). */
export function GmailCallbackPage() {
  const view = useGmailCallback();
  if (view.phase === 'processing')
    return (
      <CallbackFrame tone="processing" title={TITLE}>
        <p>Completing Gmail authorization...</p>
      </CallbackFrame>
    );
  if (view.phase === 'success')
    return (
      <CallbackFrame tone="success" title={TITLE}>
        <p className="font-medium text-emerald-700">
          Gmail connected{view.email ? ` as ${view.email}` : ''}.
        </p>
        <p>{view.popup ? 'This window closes in a moment.' : 'Taking you back to Data Integrations…'}</p>
      </CallbackFrame>
    );
  return (
    <CallbackFrame tone="error" title={TITLE}>
      <p role="alert" className="font-medium text-red-700">
        {view.message}
      </p>
      {!view.popup && (
        <p>
          <TextLink to="/integrations">Return to Integrations</TextLink>
        </p>
      )}
    </CallbackFrame>
  );
}
