import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from '../features/auth/components/require-auth.tsx';
import { AppRoot } from './app-root.tsx';
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
        lazy: page(async () => (await import('../features/auth/components/login-page.tsx')).LoginPage),
      },
      {
        path: 'register',
        lazy: page(async () => (await import('../features/auth/components/register-page.tsx')).RegisterPage),
      },
      {
        path: 'forgot-password',
        lazy: page(
          async () =>
            (await import('../features/auth/components/forgot-password-page.tsx')).ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        lazy: page(
          async () => (await import('../features/auth/components/reset-password-page.tsx')).ResetPasswordPage,
        ),
      },
      {
        path: 'auth-callback',
        lazy: page(
          async () =>
            (await import('../features/integrations/components/callback/auth-callback-page.tsx'))
              .AuthCallbackPage,
        ),
      },
      {
        path: 'auth/gmail-callback',
        lazy: page(
          async () =>
            (await import('../features/integrations/components/callback/gmail-callback-page.tsx'))
              .GmailCallbackPage,
        ),
      },
      {
        path: 'outlook-addin/*',
        lazy: publicNotBuilt({ title: 'Atempo for Outlook', subject: 'The Outlook add-in panel' }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: page(async () => (await import('./layout/authenticated-shell.tsx')).AuthenticatedShell),
            children: [
              // Spec 01 §2: the dashboard is at / and at /dashboard.
              { index: true, lazy: dashboardPage },
              { path: 'dashboard', lazy: dashboardPage },
              {
                path: 'deals',
                lazy: page(
                  async () => (await import('../features/deals/components/deals-page.tsx')).DealsPage,
                ),
              },
              {
                path: 'deals/:id/intelligence',
                lazy: page(
                  async () =>
                    (await import('../features/deal-intelligence/components/deal-intelligence-page.tsx'))
                      .DealIntelligencePage,
                ),
              },
              {
                path: 'companies',
                lazy: page(
                  async () =>
                    (await import('../features/companies/components/companies-page.tsx')).CompaniesPage,
                ),
              },
              {
                path: 'companies/:id',
                lazy: page(
                  async () =>
                    (await import('../features/companies/components/detail/company-detail-page.tsx'))
                      .CompanyDetailPage,
                ),
              },
              {
                path: 'intelligence',
                lazy: page(
                  async () =>
                    (await import('../features/intelligence/components/intelligence-page.tsx'))
                      .IntelligencePage,
                ),
              },
              {
                path: 'knowledge',
                lazy: page(
                  async () =>
                    (await import('../features/knowledge/components/knowledge-hub-page.tsx'))
                      .KnowledgeHubPage,
                ),
              },
              {
                path: 'integrations',
                lazy: page(
                  async () =>
                    (await import('../features/integrations/components/integrations-page.tsx'))
                      .IntegrationsPage,
                ),
              },
              {
                path: 'settings',
                lazy: page(
                  async () =>
                    (await import('../features/thesis/components/thesis-settings-page.tsx'))
                      .ThesisSettingsPage,
                ),
              },
              {
                path: 'profile',
                lazy: page(
                  async () => (await import('../features/profile/components/profile-page.tsx')).ProfilePage,
                ),
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: 'organization/settings',
                    lazy: page(
                      async () =>
                        (await import('../features/organizations/components/organization-settings-page.tsx'))
                          .OrganizationSettingsPage,
                    ),
                  },
                  {
                    path: 'organization/users',
                    lazy: page(
                      async () =>
                        (await import('../features/organizations/components/manage-users-page.tsx'))
                          .ManageUsersPage,
                    ),
                  },
                  {
                    path: 'organization/sources',
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
      { path: '*', lazy: page(async () => (await import('./not-found-page.tsx')).NotFoundPage) },
    ],
  },
];
