import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';
import { companies, deals } from './pipeline.ts';
import { users } from './users.ts';

/**
 * A user's (or, for an API-key provider, the organisation's) connection to an outside service.
 * Tokens are AES-256-GCM ciphertexts whose associated data is the connection id, so a ciphertext
 * copied onto another row does not decrypt.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for an organisation-wide connection (an Affinity API key). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's stable id of the account: for Microsoft `{tid}:{oid}` from the id_token, never the email. */
    accountId: text('account_id').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    jobTitle: text('job_title'),
    scopes: text('scopes').notNull().default(''),
    /** active, needs_reconnect or error. */
    status: text('status').notNull().default('active'),
    statusReason: text('status_reason'),
    accessTokenCipher: text('access_token_cipher'),
    refreshTokenCipher: text('refresh_token_cipher'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_connections_user_provider_unique').on(t.organizationId, t.userId, t.provider),
    /** One Atempo user per outside account: what Sign in with Microsoft relies on. */
    uniqueIndex('integration_connections_account_unique').on(t.provider, t.accountId),
  ],
);

/**
 * An OAuth flow in progress: single use, ten minutes. Bound to the user who started a connect
 * flow, or to the browser (a hash of a short-lived cookie) for sign-in. The PKCE verifier is
 * encrypted like a token.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state value sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    browserBindingHash: text('browser_binding_hash'),
    codeVerifierCipher: text('code_verifier_cipher').notNull(),
    nonce: text('nonce'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** Where an organisation's deal folders live; absent: `Deals` in the root site, else in OneDrive. */
export const sharepointSettings = pgTable('sharepoint_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  siteId: text('site_id'),
  driveId: text('drive_id'),
  folderPath: text('folder_path').notNull(),
  /** The admin's Microsoft connection that scheduled ingestion runs under. */
  connectionId: uuid('connection_id').references(() => integrationConnections.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One Graph delta link per drive: incremental ingestion reads only what changed since. */
export const driveCursors = pgTable(
  'drive_cursors',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    driveId: text('drive_id').notNull(),
    deltaLink: text('delta_link').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.driveId] })],
);

/**
 * A file or folder seen in a deal folder, known by drive id + item id. A file carries the content
 * hash last analysed and its document; a file deleted at the source keeps its row with removed_at.
 */
export const driveItems = pgTable(
  'drive_items',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    driveId: text('drive_id').notNull(),
    itemId: text('item_id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    isFolder: boolean('is_folder').notNull(),
    /** The deal folder this item sits in (itself for a deal folder). */
    dealFolderId: text('deal_folder_id'),
    size: bigint('size', { mode: 'number' }),
    /** quickXorHash or sha256 from Graph, else the eTag: what says the content changed. */
    contentHash: text('content_hash'),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** analysed, skipped (type or size) or failed, with why. */
    outcome: text('outcome'),
    outcomeReason: text('outcome_reason'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.driveId, t.itemId] }),
    index('drive_items_deal_folder_idx').on(t.organizationId, t.driveId, t.dealFolderId),
    index('drive_items_document_idx').on(t.documentId),
  ],
);

/** The organisation's SharePoint ingestion schedule: its state lives here so it survives restarts. */
export const ingestionSchedules = pgTable('ingestion_schedules', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  isRunning: boolean('is_running').notNull().default(false),
  intervalHours: integer('interval_hours').notNull().default(6),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  lastExecutionId: uuid('last_execution_id'),
  lastResult: jsonb('last_result'),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
