import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { pageNavigation } from '../../../lib/page-navigation.ts';
import { microsoftLoginUrl } from '../api/auth-api.ts';

function MicrosoftLogo() {
  return (
    <svg viewBox="0 0 21 21" aria-hidden="true" className="size-4">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/** Sends the browser to the API's Microsoft sign-in address (spec 01 §2). */
export function MicrosoftSignInButton() {
  const [leaving, setLeaving] = useState(false);
  async function signIn() {
    setLeaving(true);
    pageNavigation.assign(await microsoftLoginUrl());
  }
  return (
    <Button variant="secondary" size="lg" className="w-full" onClick={signIn} busy={leaving}>
      {!leaving && <MicrosoftLogo />}
      Sign in with Microsoft
    </Button>
  );
}
