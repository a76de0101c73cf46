import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../hooks/auth-context.ts';

/** Route guard: a spinner while the session resolves, /login without one. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'unauthenticated') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Route guard for organisation administration: members go to the dashboard (the server answers 403 too). */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
