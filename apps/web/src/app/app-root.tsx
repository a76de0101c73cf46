import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { useRouteDocumentTitle } from './document-title.ts';
import { NavigationProgress } from './route-loading.tsx';

/** The root route: everything below knows who is signed in. */
export function AppRoot() {
  useRouteDocumentTitle();
  return (
    <AuthProvider>
      <NavigationProgress />
      <Outlet />
    </AuthProvider>
  );
}
