import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../hooks/auth-context.ts';
import { HOME_PATH } from '../hooks/landing.ts';
import { loginPathReturningTo } from '../lib/return-path.ts';

/** Route guard: a spinner while the session resolves, /login without one (which returns here after sign-in). */
export function RequireAuth() {
  const { status, signedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'unauthenticated')
    return <Navigate to={signedOut ? '/login' : loginPathReturningTo(location)} replace />;
  return <Outlet />;
}

/** Route guard for organisation administration: members go home (the server answers 403 too). */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
