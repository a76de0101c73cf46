import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';

/** The root route: everything below knows who is signed in. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
