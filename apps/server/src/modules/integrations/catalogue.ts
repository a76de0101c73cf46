import {
  SETUP_COMPLETE_AT,
  type TIntegrationCatalogueEntry,
  type TIntegrationCatalogueResponse,
  type TIntegrationId,
  type TIntegrationProvider,
  type TIntegrationStatusSummary,
} from '@atempo/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ConnectionRow } from './connections.repository.ts';
import { connectionsByProvider } from './connections.service.ts';
import { providerReadiness } from './providers.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

interface CatalogueItem {
  id: TIntegrationId;
  name: string;
  description: string;
  provider: TIntegrationProvider | null;
  category: TIntegrationCatalogueEntry['category'];
  popular: boolean;
  priority: number;
  /** False until the product's side of it is built: listed as coming soon, never a dead button. */
  built: boolean;
}

/** Spec 03 §2 and §9: what the page lists, which are popular, and the recommended order. */
const CATALOGUE: readonly CatalogueItem[] = [
  {
    id: 'sharepoint',
    name: 'SharePoint',
    description:
      'Deal folders and data rooms in your SharePoint sites, each ingested as a deal with its documents analysed.',
    provider: 'microsoft',
    category: 'documents',
    popular: false,
    priority: 1,
    built: true,
  },
  {
    id: 'onedrive',
    name: 'OneDrive',
    description: 'Browse your OneDrive and analyse pitch decks, models and term sheets in place.',
    provider: 'microsoft',
    category: 'documents',
    popular: true,
    priority: 5,
    built: true,
  },
  {
    id: 'gmail',
    name: 'Gmail',
    description: 'Read, search and send email, and see when the team last spoke to each company.',
    provider: 'google',
    category: 'email',
    popular: true,
    priority: 2,
    built: false,
  },
  {
    id: 'affinity',
    name: 'Affinity',
    description: 'Bring in your CRM’s companies, pipeline, contacts and notes, and keep stages in step.',
    provider: 'affinity',
    category: 'crm',
    popular: true,
    priority: 3,
    built: false,
  },
  {
    id: 'outlook',
    name: 'Outlook',
    description: 'Your Microsoft 365 mailbox inside Atempo: read, reply, forward and send.',
    provider: 'microsoft',
    category: 'email',
    popular: true,
    priority: 4,
    built: false,
  },
  {
    id: 'box',
    name: 'Box',
    description: 'Browse and sync Box folders, process pitch decks and extract company information.',
    provider: 'box',
    category: 'documents',
    popular: false,
    priority: 6,
    built: false,
  },
  {
    id: 'salesforce-files',
    name: 'Salesforce Files',
    description: 'Documents attached to your Salesforce accounts and opportunities.',
    provider: null,
    category: 'crm',
    popular: false,
    priority: 7,
    built: false,
  },
  {
    id: 'hubspot',
    name: 'HubSpot',
    description: 'Companies, deals and activity from HubSpot CRM.',
    provider: null,
    category: 'crm',
    popular: false,
    priority: 8,
    built: false,
  },
  {
    id: 'airtable',
    name: 'Airtable',
    description: 'Pipelines and trackers kept in Airtable bases.',
    provider: null,
    category: 'data',
    popular: false,
    priority: 9,
    built: false,
  },
];

function entryOf(
  ctx: Ctx,
  item: CatalogueItem,
  connection: ConnectionRow | undefined,
): TIntegrationCatalogueEntry {
  const readiness = item.provider
    ? providerReadiness(ctx.config, item.provider)
    : { configured: false, missingSettings: [] };
  const connected = item.built && connection?.status === 'active';
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    provider: item.provider,
    category: item.category,
    status: !item.built ? 'coming_soon' : connected ? 'connected' : 'available',
    popular: item.popular,
    priority: item.priority,
    icon: item.id,
    configured: readiness.configured,
    missing_settings: readiness.missingSettings,
    connection_status:
      item.built && connection
        ? (connection.status as TIntegrationCatalogueEntry['connection_status'])
        : null,
    connection_reason: item.built && connection ? connection.statusReason : null,
  };
}

export async function integrationCatalogue(
  ctx: Ctx,
  principal: Principal,
): Promise<TIntegrationCatalogueResponse> {
  const byProvider = await connectionsByProvider(ctx, principal);
  const integrations = CATALOGUE.map((item) =>
    entryOf(ctx, item, item.provider ? byProvider.get(item.provider) : undefined),
  );
  const connected = integrations.filter((entry) => entry.status === 'connected');
  const next = integrations
    .filter((entry) => entry.status === 'available' && entry.configured)
    .sort((a, b) => a.priority - b.priority)[0];
  const isFirstTime = byProvider.size === 0;
  return {
    integrations,
    progress: {
      isFirstTime,
      connectedIntegrations: connected.map((entry) => entry.id),
      completionPercentage: Math.min(100, Math.round((connected.length / SETUP_COMPLETE_AT) * 100)),
      recommendedNext: next?.id ?? null,
      setupComplete: connected.length >= SETUP_COMPLETE_AT,
      showWelcomeGuide: isFirstTime,
    },
  };
}

export async function integrationStatusSummary(
  ctx: Ctx,
  principal: Principal,
): Promise<TIntegrationStatusSummary> {
  const { integrations } = await integrationCatalogue(ctx, principal);
  return {
    integrations: integrations.map((entry) => ({ id: entry.id, connected: entry.status === 'connected' })),
  };
}
