import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';

export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Something went wrong.';
}

/** The router's error element (spec 01 §2): the title and the error's message. */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6">
      <div className="w-full max-w-xl rounded-xl border border-red-200 bg-white p-8 shadow-xs">
        <h1 className="text-xl font-semibold text-slate-900">{UNEXPECTED_ERROR_TITLE}</h1>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-red-50 p-4 font-mono text-sm whitespace-pre-wrap text-red-800">
          {describeRouteError(error)}
        </pre>
        {/* A full reload: the router's own state may be what failed. */}
        <a href="/" className={`${buttonClasses('secondary', 'md')} mt-6`}>
          Reload Atempo
        </a>
      </div>
    </main>
  );
}
