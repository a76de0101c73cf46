import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { forgotPassword } from '../api/auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: forgotPassword });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address you sign in with and we will send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <Alert tone="success">{request.data.message}</Alert>
      ) : (
        <form onSubmit={submit} className="space-y-5" aria-label="Request a password reset">
          {request.isError && <Alert>{errorMessage(request.error, 'Could not send the reset link')}</Alert>}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" busy={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-8 text-center text-sm">
        <TextLink to="/login" className="inline-flex items-center gap-1.5">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </TextLink>
      </p>
    </AuthLayout>
  );
}
