import { CircleCheck } from 'lucide-react';

/** The green banner of spec 03 §2, shown while SharePoint (Microsoft 365) is connected. */
export function MicrosoftConnectedBanner({ email }: { email: string | null }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
    >
      <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
      <div className="min-w-0">
        <p className="text-sm font-semibold">Microsoft 365 Connected</p>
        {email && <p className="truncate text-sm text-emerald-800">{email}</p>}
      </div>
    </div>
  );
}
