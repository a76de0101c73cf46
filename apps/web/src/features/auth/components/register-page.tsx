import type { TSubscriptionTier } from '@atempo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordMatch } from './password-match.tsx';
import { passwordProblem } from './password-rules.ts';
import { PlanPicker } from './plan-picker.tsx';

export const REGISTRATION_ERROR_FALLBACK = 'Registration failed';
const PASSWORD_HINT = 'At least 8 characters, with uppercase, lowercase and numbers.';

type RegisterTab = 'new' | 'join';

const tabTrigger = cn(
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
  focusRing,
);

export function RegisterPage() {
  const { registerOrganization, registerUser } = useAuth();
  const [searchParams] = useSearchParams();
  const orgFromUrl = searchParams.get('org')?.trim() ?? '';
  const [tab, setTab] = useState<RegisterTab>(orgFromUrl ? 'join' : 'new');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [organizationName, setOrganizationName] = useState('');
  const [organizationSlug, setOrganizationSlug] = useState(orgFromUrl);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [tier, setTier] = useState<TSubscriptionTier>('trial');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = passwordProblem(password, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const person = {
      email: email.trim(),
      password,
      first_name: firstName.trim(),
      last_name: lastName.trim(),
    };
    try {
      if (tab === 'new') {
        await registerOrganization({
          ...person,
          organization_name: organizationName.trim(),
          subscription_tier: tier,
        });
      } else {
        await registerUser({ ...person, organization_slug: organizationSlug.trim() });
      }
    } catch (caught) {
      setError(errorMessage(caught, REGISTRATION_ERROR_FALLBACK));
      setBusy(false);
    }
  }

  const nameFields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First Name"
        name="first_name"
        autoComplete="given-name"
        required
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
      />
      <TextField
        label="Last Name"
        name="last_name"
        autoComplete="family-name"
        required
        value={lastName}
        onChange={(event) => setLastName(event.target.value)}
      />
    </div>
  );

  const passwordFields = (
    <>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="space-y-1.5">
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <PasswordMatch password={password} confirmation={confirmPassword} />
      </div>
    </>
  );

  return (
    <AuthLayout title="Create your account" subtitle="Start your AI-powered VC journey." wide>
      <Tabs.Root
        value={tab}
        onValueChange={(next) => {
          setTab(next as RegisterTab);
          setError(null);
        }}
      >
        <Tabs.List aria-label="Registration type" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="new" className={tabTrigger}>
            New Organisation
          </Tabs.Trigger>
          <Tabs.Trigger value="join" className={tabTrigger}>
            Join Organisation
          </Tabs.Trigger>
        </Tabs.List>
        <form onSubmit={submit} className="mt-6 space-y-5" aria-label="Register">
          {error && <Alert>{error}</Alert>}
          <Tabs.Content value="new" className="space-y-5 focus:outline-none">
            {nameFields}
            <TextField
              label="Organisation Name"
              name="organization_name"
              autoComplete="organization"
              required
              value={organizationName}
              onChange={(event) => setOrganizationName(event.target.value)}
            />
            <TextField
              label="Work Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {passwordFields}
            <PlanPicker value={tier} onChange={setTier} />
          </Tabs.Content>
          <Tabs.Content value="join" className="space-y-5 focus:outline-none">
            {nameFields}
            <TextField
              label="Organisation Code"
              name="organization_slug"
              required
              readOnly={Boolean(orgFromUrl)}
              aria-readonly={Boolean(orgFromUrl) || undefined}
              className={orgFromUrl ? 'pr-9 font-mono' : 'font-mono'}
              hint="Ask your admin for your organisation code"
              labelAside={
                orgFromUrl ? (
                  <span className="flex items-center gap-1 text-xs text-slate-500">
                    <Lock aria-hidden="true" className="size-3" />
                    From your invitation link
                  </span>
                ) : undefined
              }
              value={organizationSlug}
              onChange={(event) => setOrganizationSlug(event.target.value)}
            />
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {passwordFields}
          </Tabs.Content>
          <Button type="submit" size="lg" className="w-full" busy={busy}>
            {tab === 'new'
              ? busy
                ? 'Creating organisation...'
                : 'Create Organisation'
              : busy
                ? 'Joining organisation...'
                : 'Join Organisation'}
          </Button>
        </form>
      </Tabs.Root>
      <p className="mt-8 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <TextLink to={orgFromUrl ? `/login?org=${encodeURIComponent(orgFromUrl)}` : '/login'}>
          Sign In
        </TextLink>
      </p>
    </AuthLayout>
  );
}
