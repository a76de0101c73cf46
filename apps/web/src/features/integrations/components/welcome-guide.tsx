import { Sparkles, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

const STEPS = [
  { title: 'Connect Microsoft 365', text: 'Browse SharePoint and OneDrive and analyse deal documents.' },
  { title: 'Add your email', text: 'Outlook or Gmail, so deal conversations sit beside the deal.' },
  { title: 'Link your CRM', text: 'Affinity brings your pipeline, relationships and notes.' },
];

/** Shown to a first-time user with nothing connected, until dismissed (spec 03 §4). */
export function WelcomeGuide({ onDismiss }: { onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="welcome-guide-title"
      className="relative rounded-xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-white p-5 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <Sparkles aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="welcome-guide-title" className="text-base font-semibold text-slate-900">
              Welcome to Data Integrations
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">
              Connect the places your deal work lives. Atempo reads them under your own permissions.
            </p>
          </div>
        </div>
        <Button variant="ghost" size="sm" onClick={onDismiss} aria-label="Dismiss the welcome guide">
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <ol className="mt-4 grid gap-3 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-lg bg-white/80 p-3 ring-1 ring-indigo-100">
            <p className="text-sm font-medium text-slate-900">
              <span className="mr-1.5 text-indigo-600">{index + 1}.</span>
              {step.title}
            </p>
            <p className="mt-1 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
