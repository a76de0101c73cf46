import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { buildLoginRequest, fetchAuthProviders } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { AuthLayout } from './auth-layout.tsx';
import { MicrosoftSignInButton } from './microsoft-sign-in-button.tsx';

export const LOGIN_ERROR_FALLBACK = 'Invalid email or password';

export function LoginPage() {
  const { login } = useAuth();
  const [searchParams] = useSearchParams();
  const orgFromUrl = searchParams.get('org')?.trim() ?? '';
  const [organization, setOrganization] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Microsoft is offered only when this server has it configured; until the answer comes, it is not.
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(
        buildLoginRequest({ email, password, organizationSlug: orgFromUrl || organization, rememberMe }),
      );
    } catch (caught) {
      setError(errorMessage(caught, LOGIN_ERROR_FALLBACK));
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your AI-powered lending workflow.">
      <form onSubmit={submit} className="space-y-5" aria-label="Sign in">
        {error && <Alert>{error}</Alert>}
        {orgFromUrl && (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
            Signing in to organisation{' '}
            <span className="font-mono font-medium text-slate-900">{orgFromUrl}</span>
          </p>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          labelAside={
            <TextLink to="/forgot-password" className="text-sm">
              Forgot password?
            </TextLink>
          }
        />
        {!orgFromUrl && (
          <TextField
            label={
              <>
                Organisation <span className="font-normal text-slate-400">(optional)</span>
              </>
            }
            name="organization"
            autoComplete="organization"
            placeholder="Organisation code"
            hint="Leave empty to sign in to your default organisation"
            value={organization}
            onChange={(event) => setOrganization(event.target.value)}
          />
        )}
        <Checkbox
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {providers.data?.microsoft && (
        <>
          <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <MicrosoftSignInButton />
        </>
      )}
      <p className="mt-8 text-center text-sm text-slate-600">
        New to Atempo?{' '}
        <TextLink to={orgFromUrl ? `/register?org=${encodeURIComponent(orgFromUrl)}` : '/register'}>
          Get Started
        </TextLink>
      </p>
    </AuthLayout>
  );
}
