import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { PasswordMatch, passwordProblem } from '../../auth/index.ts';
import { changePassword } from '../api/profile-api.ts';

export function ChangePasswordCard() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      toast.success('Password changed');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = passwordProblem(newPassword, confirmPassword);
    setProblem(found);
    if (!found) change.mutate({ current_password: currentPassword, new_password: newPassword });
  }

  const error =
    problem ?? (change.isError ? errorMessage(change.error, 'Could not change your password') : null);

  return (
    <Card>
      <CardHeader
        title="Change password"
        description="Use at least 8 characters, with uppercase, lowercase and numbers."
      />
      <CardBody>
        <form onSubmit={submit} className="space-y-5" aria-label="Change password">
          {error && <Alert>{error}</Alert>}
          <PasswordField
            label="Current Password"
            name="current_password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label="New Password"
              name="new_password"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
            <div className="space-y-1.5">
              <PasswordField
                label="Confirm New Password"
                name="confirm_password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
              />
              <PasswordMatch password={newPassword} confirmation={confirmPassword} />
            </div>
          </div>
          <div className="flex justify-end">
            <Button type="submit" busy={change.isPending}>
              {change.isPending ? 'Updating...' : 'Update password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
