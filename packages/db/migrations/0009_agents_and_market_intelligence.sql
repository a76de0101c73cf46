CREATE TABLE "monitoring_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_companies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sectors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_id" uuid,
	"company_id" uuid,
	"execution_id" uuid,
	"company_name" text NOT NULL,
	"industry_sector" text,
	"research_depth" text DEFAULT 'comprehensive' NOT NULL,
	"findings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"step_name" text,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"output" jsonb,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funding_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"company_id" uuid,
	"title" text NOT NULL,
	"summary" text,
	"amount_raised" numeric(20, 2),
	"currency" text,
	"amount_eur" numeric(20, 2),
	"stage" text,
	"investors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region" text,
	"country" text,
	"sector" text,
	"announced_at" timestamp with time zone NOT NULL,
	"confidence_score" real NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extraction_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedup_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"source_id" uuid,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"announcement_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intelligence_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"curated" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"items_found" integer DEFAULT 0 NOT NULL,
	"announcements_found" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"signal_type" text NOT NULL,
	"company_name" text NOT NULL,
	"company_id" uuid,
	"announcement_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"relevance_score" real NOT NULL,
	"impact_level" text NOT NULL,
	"recommended_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedup_key" text NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_snapshots" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metrics" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_snapshots_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"signal_id" uuid,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_alert_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"slack_webhook_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "priority" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "monitoring_subscriptions" ADD CONSTRAINT "monitoring_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_subscriptions" ADD CONSTRAINT "monitoring_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_records" ADD CONSTRAINT "research_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_records" ADD CONSTRAINT "research_records_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_records" ADD CONSTRAINT "research_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_records" ADD CONSTRAINT "research_records_execution_id_workflow_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_executions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_records" ADD CONSTRAINT "research_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_logs" ADD CONSTRAINT "workflow_logs_execution_id_workflow_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_execution_id_workflow_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_announcements" ADD CONSTRAINT "funding_announcements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_announcements" ADD CONSTRAINT "funding_announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_articles" ADD CONSTRAINT "funding_articles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_articles" ADD CONSTRAINT "funding_articles_source_id_intelligence_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."intelligence_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_articles" ADD CONSTRAINT "funding_articles_announcement_id_funding_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."funding_announcements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligence_sources" ADD CONSTRAINT "intelligence_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligence_sources" ADD CONSTRAINT "intelligence_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_signals" ADD CONSTRAINT "market_signals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_signals" ADD CONSTRAINT "market_signals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_signals" ADD CONSTRAINT "market_signals_announcement_id_funding_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."funding_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD CONSTRAINT "metric_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_signal_id_market_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."market_signals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_alert_settings" ADD CONSTRAINT "organization_alert_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_subscriptions_org_user_unique" ON "monitoring_subscriptions" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "research_records_org_deal_idx" ON "research_records" USING btree ("organization_id","deal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "research_records_org_company_idx" ON "research_records" USING btree ("organization_id","company_name");--> statement-breakpoint
CREATE INDEX "workflow_logs_execution_created_idx" ON "workflow_logs" USING btree ("execution_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_steps_execution_position_unique" ON "workflow_steps" USING btree ("execution_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_announcements_org_dedup_unique" ON "funding_announcements" USING btree ("organization_id","dedup_key");--> statement-breakpoint
CREATE INDEX "funding_announcements_org_announced_idx" ON "funding_announcements" USING btree ("organization_id","announced_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "funding_announcements_company_idx" ON "funding_announcements" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_articles_org_url_unique" ON "funding_articles" USING btree ("organization_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "intelligence_sources_org_url_unique" ON "intelligence_sources" USING btree ("organization_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "market_signals_org_dedup_unique" ON "market_signals" USING btree ("organization_id","dedup_key");--> statement-breakpoint
CREATE INDEX "market_signals_org_detected_idx" ON "market_signals" USING btree ("organization_id","detected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_signals_company_idx" ON "market_signals" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_signal_unique" ON "notifications" USING btree ("user_id","signal_id");