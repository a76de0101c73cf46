import { Link } from 'react-router';
import { BrandName } from '../components/brand-mark.tsx';
import { buttonClasses } from '../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <BrandName className="mb-10" />
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 max-w-md text-sm text-slate-500">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={`${buttonClasses('primary', 'md')} mt-8`}>
        Go to the dashboard
      </Link>
    </main>
  );
}
