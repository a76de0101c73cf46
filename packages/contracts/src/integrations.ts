import { z } from 'zod';
import { ZAuthResponse } from './auth.ts';

/**
 * Connections to outside services and the Data Integrations page (spec 03 §2, §3, §7).
 * One provider (an OAuth server or an API) may serve several integrations: Microsoft 365 serves
 * SharePoint, OneDrive and Outlook.
 */

export const INTEGRATION_PROVIDERS = ['microsoft', 'google', 'box', 'affinity'] as const;
export const ZIntegrationProvider = z.enum(INTEGRATION_PROVIDERS);
export type TIntegrationProvider = z.infer<typeof ZIntegrationProvider>;

/** The providers a user connects by OAuth (Affinity takes an API key instead). */
export const OAUTH_PROVIDERS = ['microsoft', 'google', 'box'] as const;
export const ZOAuthProvider = z.enum(OAUTH_PROVIDERS);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;

export const CONNECTION_STATUSES = ['active', 'needs_reconnect', 'error'] as const;
export const ZConnectionStatus = z.enum(CONNECTION_STATUSES);
export type TConnectionStatus = z.infer<typeof ZConnectionStatus>;

export const INTEGRATION_IDS = [
  'sharepoint',
  'onedrive',
  'outlook',
  'gmail',
  'affinity',
  'box',
  'salesforce-files',
  'hubspot',
  'airtable',
] as const;
export const ZIntegrationId = z.enum(INTEGRATION_IDS);
export type TIntegrationId = z.infer<typeof ZIntegrationId>;

/** The integrations that open a detail view on the page (spec 03 §2). */
export const INTEGRATIONS_WITH_DETAIL_VIEW: readonly TIntegrationId[] = [
  'sharepoint',
  'onedrive',
  'outlook',
  'affinity',
  'gmail',
  'box',
];

/** Setup counts as complete at this many connected integrations (spec 03 §9). */
export const SETUP_COMPLETE_AT = 2;

export const ZIntegrationCatalogueEntry = z.object({
  id: ZIntegrationId,
  name: z.string(),
  description: z.string(),
  /** Who the user signs in with; null for an integration that is not built yet. */
  provider: ZIntegrationProvider.nullable(),
  category: z.enum(['documents', 'email', 'crm', 'data']),
  status: z.enum(['available', 'coming_soon', 'connected']),
  popular: z.boolean(),
  /** Lower comes first in the recommendations: sharepoint 1, gmail 2, affinity 3, outlook 4. */
  priority: z.number().int(),
  icon: z.string(),
  /** False when this server lacks the provider's settings; `missing_settings` names them. */
  configured: z.boolean(),
  missing_settings: z.array(z.string()),
  /** The caller's connection state, null when not connected. */
  connection_status: ZConnectionStatus.nullable(),
  /** Why the connection needs attention, in a sentence; null when it is fine. */
  connection_reason: z.string().nullable(),
});
export type TIntegrationCatalogueEntry = z.infer<typeof ZIntegrationCatalogueEntry>;

export const ZSetupProgress = z.object({
  isFirstTime: z.boolean(),
  connectedIntegrations: z.array(ZIntegrationId),
  completionPercentage: z.number().int().min(0).max(100),
  recommendedNext: ZIntegrationId.nullable(),
  setupComplete: z.boolean(),
  showWelcomeGuide: z.boolean(),
});
export type TSetupProgress = z.infer<typeof ZSetupProgress>;

export const ZIntegrationCatalogueResponse = z.object({
  integrations: z.array(ZIntegrationCatalogueEntry),
  progress: ZSetupProgress,
});
export type TIntegrationCatalogueResponse = z.infer<typeof ZIntegrationCatalogueResponse>;

export const ZIntegrationStatusSummary = z.object({
  integrations: z.array(z.object({ id: ZIntegrationId, connected: z.boolean() })),
});
export type TIntegrationStatusSummary = z.infer<typeof ZIntegrationStatusSummary>;

export const ZOAuthConnectResponse = z.object({ auth_url: z.string(), state: z.string() });
export type TOAuthConnectResponse = z.infer<typeof ZOAuthConnectResponse>;

export const ZOAuthCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export type TOAuthCallbackQuery = z.infer<typeof ZOAuthCallbackQuery>;

export const ZMicrosoftUser = z.object({
  displayName: z.string().nullable(),
  mail: z.string().nullable(),
  jobTitle: z.string().nullable(),
});
export type TMicrosoftUser = z.infer<typeof ZMicrosoftUser>;

/** A connect flow's answer: the connection (its id is the spec's session_id) and who it is. */
export const ZOAuthConnectedResponse = z.object({
  session_id: z.string().uuid(),
  provider: ZOAuthProvider,
  user: ZMicrosoftUser,
});
export type TOAuthConnectedResponse = z.infer<typeof ZOAuthConnectedResponse>;

/** Sign in with Microsoft: Atempo's own tokens (never Microsoft's) and the Microsoft 365 connection. */
export const ZMicrosoftSignInResponse = ZAuthResponse.extend({
  session_id: z.string().uuid(),
  microsoft_user: ZMicrosoftUser,
});
export type TMicrosoftSignInResponse = z.infer<typeof ZMicrosoftSignInResponse>;

export const ZProviderConnectionStatus = z.object({
  connected: z.boolean(),
  email: z.string().nullable(),
  /** active, needs_reconnect or error; null when not connected. */
  status: ZConnectionStatus.nullable(),
  reason: z.string().nullable(),
  /** When the current access token expires (ISO); null when not connected. */
  expires_at: z.string().nullable(),
  /** The access token has expired and could not be renewed: reconnect. */
  expired: z.boolean(),
  /** False when the server lacks this provider's settings. */
  configured: z.boolean(),
  session_id: z.string().uuid().nullable(),
});
export type TProviderConnectionStatus = z.infer<typeof ZProviderConnectionStatus>;

export const ZOAuthStatusResponse = z.object({
  microsoft: ZProviderConnectionStatus,
  google: ZProviderConnectionStatus,
  box: ZProviderConnectionStatus,
});
export type TOAuthStatusResponse = z.infer<typeof ZOAuthStatusResponse>;

export const ZOAuthLogoutRequest = z.object({ session_id: z.string().uuid().optional() });

/** session_id names one of the caller's own connections; omitted, the caller's Microsoft connection. */
export const ZSessionQuery = z.object({ session_id: z.string().uuid().optional() });
