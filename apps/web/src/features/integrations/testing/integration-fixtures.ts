import type {
  TIngestionResult,
  TIntegrationCatalogueEntry,
  TIntegrationCatalogueResponse,
  TOAuthStatusResponse,
  TProviderConnectionStatus,
  TSchedulerStatus,
  TSetupProgress,
  TSharePointDocumentAnalysis,
  TSharePointFile,
  TSharePointFolder,
  TSharePointStats,
} from '@atempo/contracts';
import { type ApiRoute, createFakeApi, makeMe } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';

export const MS_SESSION = '0b8f3c6e-2a41-4c7e-9d55-6b1f0c9a1001';
export const DOCUMENT_ID = '0b8f3c6e-2a41-4c7e-9d55-6b1f0c9a2002';
export const EXECUTION_ID = '0b8f3c6e-2a41-4c7e-9d55-6b1f0c9a3003';

type Entry = TIntegrationCatalogueEntry;

const BASE_ENTRIES: Entry[] = [
  entry('sharepoint', 'SharePoint', 'microsoft', 'documents', { priority: 1 }),
  entry('onedrive', 'OneDrive', 'microsoft', 'documents', { popular: true, priority: 5 }),
  entry('outlook', 'Outlook', 'microsoft', 'email', { popular: true, priority: 4 }),
  entry('gmail', 'Gmail', 'google', 'email', { popular: true, priority: 2 }),
  entry('affinity', 'Affinity', 'affinity', 'crm', { popular: true, priority: 3 }),
  entry('box', 'Box', 'box', 'documents', { priority: 6 }),
  entry('salesforce-files', 'Salesforce Files', null, 'documents', { status: 'coming_soon', priority: 7 }),
  entry('hubspot', 'HubSpot', null, 'crm', { status: 'coming_soon', priority: 8 }),
  entry('airtable', 'Airtable', null, 'data', { status: 'coming_soon', priority: 9 }),
];

function entry(
  id: Entry['id'],
  name: string,
  provider: Entry['provider'],
  category: Entry['category'],
  overrides: Partial<Entry> = {},
): Entry {
  return {
    id,
    name,
    description: `${name} for your deal work.`,
    provider,
    category,
    status: 'available',
    popular: false,
    priority: 10,
    icon: id,
    configured: true,
    missing_settings: [],
    connection_status: null,
    connection_reason: null,
    ...overrides,
  };
}

export function makeProgress(overrides: Partial<TSetupProgress> = {}): TSetupProgress {
  return {
    isFirstTime: false,
    connectedIntegrations: [],
    completionPercentage: 0,
    recommendedNext: 'sharepoint',
    setupComplete: false,
    showWelcomeGuide: false,
    ...overrides,
  };
}

/** The catalogue with some entries changed (by id) and the given progress. */
export function makeCatalogue(
  changes: Partial<Record<Entry['id'], Partial<Entry>>> = {},
  progress: Partial<TSetupProgress> = {},
): TIntegrationCatalogueResponse {
  return {
    integrations: BASE_ENTRIES.map((item) => ({ ...item, ...changes[item.id] })),
    progress: makeProgress(progress),
  };
}

function provider(overrides: Partial<TProviderConnectionStatus> = {}): TProviderConnectionStatus {
  return {
    connected: false,
    email: null,
    status: null,
    reason: null,
    expires_at: null,
    expired: false,
    configured: true,
    session_id: null,
    ...overrides,
  };
}

export const MICROSOFT_CONNECTED: Partial<TProviderConnectionStatus> = {
  connected: true,
  email: 'ada@northbridge.example',
  status: 'active',
  session_id: MS_SESSION,
  expires_at: '2030-01-01T00:00:00.000Z',
};

export function makeOAuthStatus(
  changes: Partial<Record<keyof TOAuthStatusResponse, Partial<TProviderConnectionStatus>>> = {},
): TOAuthStatusResponse {
  return {
    microsoft: provider(changes.microsoft),
    google: provider(changes.google),
    box: provider(changes.box),
  };
}

export function makeFolder(name: string, overrides: Partial<TSharePointFolder> = {}): TSharePointFolder {
  return {
    id: `folder-${name}`,
    name,
    childCount: 2,
    lastModifiedDateTime: '2025-03-04T10:00:00.000Z',
    webUrl: `https://northbridge.sharepoint.example/${name}`,
    ...overrides,
  };
}

export function makeFile(name: string, overrides: Partial<TSharePointFile> = {}): TSharePointFile {
  return {
    id: `file-${name}`,
    name,
    size: 12_595,
    lastModifiedDateTime: '2025-03-04T10:00:00.000Z',
    webUrl: `https://northbridge.sharepoint.example/${name}`,
    mimeType: 'application/pdf',
    canAnalyse: true,
    ...overrides,
  };
}

export function makeAnalysis(
  overrides: Partial<TSharePointDocumentAnalysis> = {},
): TSharePointDocumentAnalysis {
  return {
    filename: 'Acme management accounts.pdf',
    fileType: 'pdf',
    fileSize: 12_595,
    contentPreview: 'Acme Robotics management accounts, March 2025. ARR €4.2M.',
    document_id: DOCUMENT_ID,
    status: 'completed',
    analysis: {
      documentType: 'Management accounts',
      summary: 'Acme grew ARR to €4.2M with 14 months of runway.',
      keyMetrics: [{ name: 'ARR', value: '€4.2M' }],
      riskFlags: ['Customer concentration above 30%'],
      actionItems: ['Ask for the cohort analysis'],
      canAnalyse: true,
    },
    ...overrides,
  };
}

export function makeIngestion(overrides: Partial<TIngestionResult> = {}): TIngestionResult {
  return {
    execution_id: EXECUTION_ID,
    mode: 'quick',
    status: 'running',
    total_deals: 5,
    processed_deals: 0,
    total_documents: 0,
    processed_documents: 0,
    failed_documents: 0,
    unchanged_documents: 0,
    skipped_documents: 0,
    removed_documents: 0,
    duration_seconds: 0,
    error: null,
    ...overrides,
  };
}

export function makeScheduler(overrides: Partial<TSchedulerStatus> = {}): TSchedulerStatus {
  return {
    is_running: false,
    interval_hours: 6,
    last_run_at: null,
    next_run_at: null,
    last_result: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<TSharePointStats> = {}): TSharePointStats {
  return {
    total_deal_folders: 12,
    recent_deals: 3,
    connection_status: 'connected',
    sharepoint_docs: 48,
    sites: [{ name: 'Deal Team' }],
    ...overrides,
  };
}

/**
 * A fake server for the Integrations page: the signed-in user, the catalogue, the OAuth status and
 * the automation tab's reads, each overridable.
 */
export function integrationsServer(
  options: {
    role?: 'admin' | 'member';
    onboardingCompleted?: boolean;
    catalogue?: TIntegrationCatalogueResponse;
    oauth?: TOAuthStatusResponse;
  } = {},
  routes: Record<string, ApiRoute> = {},
) {
  return createFakeApi({
    'GET /users/me': () =>
      jsonResponse(
        200,
        makeMe({ role: options.role ?? 'admin', onboarding_completed: options.onboardingCompleted ?? true }),
      ),
    'GET /integrations/catalogue': () => jsonResponse(200, options.catalogue ?? makeCatalogue()),
    'GET /oauth/status': () => jsonResponse(200, options.oauth ?? makeOAuthStatus()),
    'GET /sharepoint/stats': () => jsonResponse(200, makeStats()),
    'GET /sharepoint/scheduler/status': () => jsonResponse(200, makeScheduler()),
    'GET /sharepoint/settings': () =>
      jsonResponse(200, { site_id: null, drive_id: null, folder_path: 'Deals', chosen: false }),
    'GET /sharepoint/sites': () => jsonResponse(200, { sites: [], personal_account: false, message: null }),
    ...routes,
  });
}
