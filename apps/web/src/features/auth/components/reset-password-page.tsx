import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { resetPassword } from '../api/auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordMatch } from './password-match.tsx';
import { passwordProblem } from './password-rules.ts';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: resetPassword });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = passwordProblem(password, confirmPassword);
    setProblem(found);
    if (!found) reset.mutate({ token, password });
  }

  let body: ReactNode;
  if (!token) {
    body = (
      <Alert>
        {INVALID_RESET_LINK} <TextLink to="/forgot-password">Request a new link</TextLink>
      </Alert>
    );
  } else if (reset.isSuccess) {
    body = (
      <Alert tone="success">
        {reset.data.message} <TextLink to="/login">Sign in</TextLink>
      </Alert>
    );
  } else {
    const error =
      problem ?? (reset.isError ? errorMessage(reset.error, 'Could not reset the password') : null);
    body = (
      <form onSubmit={submit} className="space-y-5" aria-label="Choose a new password">
        {error && <Alert>{error}</Alert>}
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
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
        <Button type="submit" size="lg" className="w-full" busy={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Set the password you will use to sign in to Atempo.">
      {body}
      <p className="mt-8 text-center text-sm text-slate-600">
        Remembered it? <TextLink to="/login">Back to sign in</TextLink>
      </p>
    </AuthLayout>
  );
}
