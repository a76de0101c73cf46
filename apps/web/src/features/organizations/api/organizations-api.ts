import type {
  TAlertSettings,
  TCreateInvitationRequest,
  TInvitation,
  TOkResponse,
  TOrganization,
  TOrganizationUser,
  TOrganizationUsersResponse,
  TUpdateOrganizationRequest,
  TUpdateUserRoleRequest,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const CURRENT = '/organizations/current';

export const fetchCurrentOrganization = (signal?: AbortSignal) => api.get<TOrganization>(CURRENT, { signal });

export const updateOrganization = (body: TUpdateOrganizationRequest) =>
  api.patch<TOrganization>(CURRENT, body);

export const fetchOrganizationUsers = (signal?: AbortSignal) =>
  api.get<TOrganizationUsersResponse>(`${CURRENT}/users`, { signal });

export const createInvitation = (body: TCreateInvitationRequest) =>
  api.post<TInvitation>(`${CURRENT}/invitations`, body);

export const revokeInvitation = (id: string) =>
  api.delete<unknown>(`${CURRENT}/invitations/${encodeURIComponent(id)}`);

export const updateUserRole = (id: string, body: TUpdateUserRoleRequest) =>
  api.patch<TOrganizationUser>(`${CURRENT}/users/${encodeURIComponent(id)}`, body);

export const removeUser = (id: string) => api.delete<unknown>(`${CURRENT}/users/${encodeURIComponent(id)}`);

/** Where alerts go besides the app and email (admins): the Slack webhook, shown only as a hint. */
export const fetchAlertSettings = (signal?: AbortSignal) =>
  api.get<TAlertSettings>(`${CURRENT}/alert-settings`, { signal });

/** Saves the Slack incoming-webhook URL; null removes it. */
export const saveSlackWebhook = (url: string | null) =>
  api.request<TAlertSettings>(`${CURRENT}/alert-settings`, {
    method: 'PUT',
    body: { slack_webhook_url: url },
  });

/** Posts a test message to the saved webhook. */
export const sendSlackTestMessage = () => api.post<TOkResponse>(`${CURRENT}/alert-settings/test`);

export const organizationKeys = {
  current: ['organizations', 'current'] as const,
  users: ['organizations', 'current', 'users'] as const,
  alertSettings: ['organizations', 'current', 'alert-settings'] as const,
};

export const currentOrganizationQuery = () =>
  queryOptions({
    queryKey: organizationKeys.current,
    queryFn: ({ signal }) => fetchCurrentOrganization(signal),
  });

export const organizationUsersQuery = () =>
  queryOptions({ queryKey: organizationKeys.users, queryFn: ({ signal }) => fetchOrganizationUsers(signal) });

export const alertSettingsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.alertSettings,
    queryFn: ({ signal }) => fetchAlertSettings(signal),
  });

/** The link that opens registration on the Join tab with the code filled in. */
export function joinLink(origin: string, slug: string): string {
  return `${origin}/register?org=${encodeURIComponent(slug)}`;
}
