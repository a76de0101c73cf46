import { ShieldCheck } from 'lucide-react';

export function SecureOAuthNote() {
  return (
    <p className="flex items-start gap-2 text-sm text-slate-500">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      Uses secure OAuth 2.0: you sign in with Microsoft, and Atempo never sees your password.
    </p>
  );
}
