CREATE TABLE "drive_cursors" (
	"organization_id" uuid NOT NULL,
	"drive_id" text NOT NULL,
	"delta_link" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_cursors_organization_id_drive_id_pk" PRIMARY KEY("organization_id","drive_id")
);
--> statement-breakpoint
CREATE TABLE "drive_items" (
	"organization_id" uuid NOT NULL,
	"drive_id" text NOT NULL,
	"item_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"is_folder" boolean NOT NULL,
	"deal_folder_id" text,
	"size" bigint,
	"content_hash" text,
	"last_modified_at" timestamp with time zone,
	"document_id" uuid,
	"deal_id" uuid,
	"company_id" uuid,
	"outcome" text,
	"outcome_reason" text,
	"removed_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_items_organization_id_drive_id_item_id_pk" PRIMARY KEY("organization_id","drive_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "ingestion_schedules" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"is_running" boolean DEFAULT false NOT NULL,
	"interval_hours" integer DEFAULT 6 NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"last_execution_id" uuid,
	"last_result" jsonb,
	"started_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"email" text,
	"display_name" text,
	"job_title" text,
	"scopes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"access_token_cipher" text,
	"refresh_token_cipher" text,
	"access_token_expires_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"browser_binding_hash" text,
	"code_verifier_cipher" text NOT NULL,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sharepoint_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"site_id" text,
	"drive_id" text,
	"folder_path" text NOT NULL,
	"connection_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_cursors" ADD CONSTRAINT "drive_cursors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_items" ADD CONSTRAINT "drive_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestion_schedules" ADD CONSTRAINT "ingestion_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestion_schedules" ADD CONSTRAINT "ingestion_schedules_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharepoint_settings" ADD CONSTRAINT "sharepoint_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharepoint_settings" ADD CONSTRAINT "sharepoint_settings_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharepoint_settings" ADD CONSTRAINT "sharepoint_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_items_deal_folder_idx" ON "drive_items" USING btree ("organization_id","drive_id","deal_folder_id");--> statement-breakpoint
CREATE INDEX "drive_items_document_idx" ON "drive_items" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_user_provider_unique" ON "integration_connections" USING btree ("organization_id","user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_account_unique" ON "integration_connections" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");