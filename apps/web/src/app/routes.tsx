import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from '../features/auth/components/require-auth.tsx';
import { AppRoot } from './app-root.tsx';
import type { RouteHandle } from './document-title.ts';
import { ErrorPage } from './error-page.tsx';
import type { NotBuiltProps } from './not-built-page.tsx';
import { InitialRouteLoading } from './route-loading.tsx';

/**
 * Every page is its own chunk, loaded by the router when its route matches (the router keeps the
 * current page on screen meanwhile), so /login downloads the sign-in form and not the app.
 */
function page(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

const publicNotBuilt = (props: NotBuiltProps) =>
  page(async () => {
    const { PublicNotBuiltPage } = await import('./not-built-page.tsx');
    return () => <PublicNotBuiltPage {...props} />;
  });

const dashboardPage = page(
  async () => (await import('../features/dashboard/components/dashboard-page.tsx')).DashboardPage,
);

/** The route table of spec 01 §2. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <ErrorPage />,
    HydrateFallback: InitialRouteLoading,
    children: [
      {
        path: 'login',
        handle: { title: 'Sign in' } satisfies RouteHandle,
        lazy: page(async () => (await import('../features/auth/components/login-page.tsx')).LoginPage),
      },
      {
        path: 'register',
        handle: { title: 'Register' } satisfies RouteHandle,
        lazy: page(async () => (await import('../features/auth/components/register-page.tsx')).RegisterPage),
      },
      {
        path: 'forgot-password',
        handle: { title: 'Reset password' } satisfies RouteHandle,
        lazy: page(
          async () =>
            (await import('../features/auth/components/forgot-password-page.tsx')).ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        handle: { title: 'Choose a new password' } satisfies RouteHandle,
        lazy: page(
          async () => (await import('../features/auth/components/reset-password-page.tsx')).ResetPasswordPage,
        ),
      },
      {
        path: 'auth-callback',
        handle: { title: 'Signing in' } satisfies RouteHandle,
        lazy: page(
          async () =>
            (await import('../features/integrations/components/callback/auth-callback-page.tsx'))
              .AuthCallbackPage,
        ),
      },
      {
        path: 'auth/gmail-callback',
        handle: { title: 'Connecting Gmail' } satisfies RouteHandle,
        lazy: page(
          async () =>
            (await import('../features/integrations/components/callback/gmail-callback-page.tsx'))
              .GmailCallbackPage,
        ),
      },
      {
        path: 'outlook-addin/*',
        handle: { title: 'Atempo for Outlook' } satisfies RouteHandle,
        lazy: publicNotBuilt({ title: 'Atempo for Outlook', subject: 'The Outlook add-in panel' }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: page(async () => (await import('./layout/authenticated-shell.tsx')).AuthenticatedShell),
            children: [
              // Spec 01 §2: the dashboard is at / and at /dashboard.
              { index: true, handle: { title: 'Dashboard' } satisfies RouteHandle, lazy: dashboardPage },
              {
                path: 'dashboard',
                handle: { title: 'Dashboard' } satisfies RouteHandle,
                lazy: dashboardPage,
              },
              {
                path: 'deals',
                handle: { title: 'Deals' } satisfies RouteHandle,
                lazy: page(
                  async () => (await import('../features/deals/components/deals-page.tsx')).DealsPage,
                ),
              },
              {
                path: 'deals/:id/intelligence',
                handle: { title: 'Deal Intelligence' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/deal-intelligence/components/deal-intelligence-page.tsx'))
                      .DealIntelligencePage,
                ),
              },
              {
                path: 'companies',
                handle: { title: 'Companies' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/companies/components/companies-page.tsx')).CompaniesPage,
                ),
              },
              {
                path: 'companies/:id',
                handle: { title: 'Company' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/companies/components/detail/company-detail-page.tsx'))
                      .CompanyDetailPage,
                ),
              },
              {
                path: 'intelligence',
                handle: { title: 'Intelligence' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/intelligence/components/intelligence-page.tsx'))
                      .IntelligencePage,
                ),
              },
              {
                path: 'knowledge',
                handle: { title: 'Knowledge Hub' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/knowledge/components/knowledge-hub-page.tsx'))
                      .KnowledgeHubPage,
                ),
              },
              {
                path: 'integrations',
                handle: { title: 'Data Integrations' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/integrations/components/integrations-page.tsx'))
                      .IntegrationsPage,
                ),
              },
              {
                path: 'settings',
                handle: { title: 'Settings' } satisfies RouteHandle,
                lazy: page(
                  async () =>
                    (await import('../features/thesis/components/thesis-settings-page.tsx'))
                      .ThesisSettingsPage,
                ),
              },
              {
                path: 'profile',
                handle: { title: 'Profile' } satisfies RouteHandle,
                lazy: page(
                  async () => (await import('../features/profile/components/profile-page.tsx')).ProfilePage,
                ),
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: 'organization/settings',
                    handle: { title: 'Organisation Settings' } satisfies RouteHandle,
                    lazy: page(
                      async () =>
                        (await import('../features/organizations/components/organization-settings-page.tsx'))
                          .OrganizationSettingsPage,
                    ),
                  },
                  {
                    path: 'organization/users',
                    handle: { title: 'Users' } satisfies RouteHandle,
                    lazy: page(
                      async () =>
                        (await import('../features/organizations/components/manage-users-page.tsx'))
                          .ManageUsersPage,
                    ),
                  },
                  {
                    path: 'organization/sources',
                    handle: { title: 'Feed Sources' } satisfies RouteHandle,
                    lazy: page(
                      async () =>
                        (await import('../features/intelligence-sources/components/sources-page.tsx'))
                          .SourcesPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: { title: 'Page not found' } satisfies RouteHandle,
        lazy: page(async () => (await import('./not-found-page.tsx')).NotFoundPage),
      },
    ],
  },
];
