import { CircleCheck } from 'lucide-react';

const ENABLED = ['Document processing', 'CRM integration', 'AI analysis'];

/** Shown when the essential integrations are connected (spec 03 §2). */
export function SetupCompleteCard() {
  return (
    <section
      aria-labelledby="setup-complete-title"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
    >
      <h2 id="setup-complete-title" className="text-base font-semibold">
        Setup Complete!
      </h2>
      <p className="mt-0.5 text-sm">Your essential integrations are connected. Atempo now runs:</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {ENABLED.map((item) => (
          <li key={item} className="flex items-center gap-2 text-sm font-medium">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
