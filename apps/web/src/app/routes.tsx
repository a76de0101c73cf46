import type { RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { RequireAdmin, RequireAuth } from '../features/auth/components/require-auth.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { CompaniesPage } from '../features/companies/components/companies-page.tsx';
import { CompanyDetailPage } from '../features/companies/components/detail/company-detail-page.tsx';
import { DealsPage } from '../features/deals/components/deals-page.tsx';
import { ManageUsersPage } from '../features/organizations/components/manage-users-page.tsx';
import { OrganizationSettingsPage } from '../features/organizations/components/organization-settings-page.tsx';
import { ProfilePage } from '../features/profile/components/profile-page.tsx';
import { ThesisSettingsPage } from '../features/thesis/components/thesis-settings-page.tsx';
import { AppRoot } from './app-root.tsx';
import { ErrorPage } from './error-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotBuiltPage, PublicNotBuiltPage } from './not-built-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** The route table of spec 01 §2. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        path: 'auth-callback',
        element: <PublicNotBuiltPage title="Microsoft sign-in" subject="Signing in with Microsoft" />,
      },
      {
        path: 'auth/gmail-callback',
        element: <PublicNotBuiltPage title="Gmail Authorization" subject="Connecting Gmail" />,
      },
      {
        path: 'outlook-addin/*',
        element: <PublicNotBuiltPage title="Atempo for Outlook" subject="The Outlook add-in panel" />,
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <NotBuiltPage title="Dashboard" subject="The dashboard overview" /> },
              {
                path: 'dashboard',
                element: <NotBuiltPage title="Dashboard" subject="The dashboard overview" />,
              },
              { path: 'deals', element: <DealsPage /> },
              {
                path: 'deals/:id/intelligence',
                element: <NotBuiltPage title="Deal Intelligence" subject="The intelligence view of a deal" />,
              },
              { path: 'companies', element: <CompaniesPage /> },
              { path: 'companies/:id', element: <CompanyDetailPage /> },
              {
                path: 'intelligence',
                element: <NotBuiltPage title="Intelligence" subject="Market intelligence and research" />,
              },
              {
                path: 'knowledge',
                element: <NotBuiltPage title="Knowledge Hub" subject="The Knowledge Hub" />,
              },
              {
                path: 'integrations',
                element: <NotBuiltPage title="Data Integrations" subject="Connecting your data sources" />,
              },
              { path: 'settings', element: <ThesisSettingsPage /> },
              { path: 'profile', element: <ProfilePage /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'organization/settings', element: <OrganizationSettingsPage /> },
                  { path: 'organization/users', element: <ManageUsersPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
