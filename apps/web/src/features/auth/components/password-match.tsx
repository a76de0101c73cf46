import { CircleCheck, CircleX } from 'lucide-react';
import { PASSWORDS_DO_NOT_MATCH, PASSWORDS_MATCH } from './password-rules.ts';

/** The live indicator under a confirm-password field; silent until something is typed. */
export function PasswordMatch({ password, confirmation }: { password: string; confirmation: string }) {
  if (!confirmation) return <p aria-live="polite" className="sr-only" />;
  const matches = password === confirmation;
  return (
    <p
      aria-live="polite"
      className={`flex items-center gap-1.5 text-xs font-medium ${matches ? 'text-emerald-600' : 'text-red-600'}`}
    >
      {matches ? (
        <CircleCheck aria-hidden="true" className="size-3.5" />
      ) : (
        <CircleX aria-hidden="true" className="size-3.5" />
      )}
      {matches ? PASSWORDS_MATCH : PASSWORDS_DO_NOT_MATCH}
    </p>
  );
}
