CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"industry" text,
	"headquarters_country" text,
	"stage" text,
	"revenue" numeric(20, 2),
	"employee_count" integer,
	"website" text,
	"description" text,
	"last_funding_amount" numeric(20, 2),
	"total_funding" numeric(20, 2),
	"revenue_growth" double precision,
	"has_tier1_vc" boolean DEFAULT false NOT NULL,
	"recent_cfo_hire" boolean DEFAULT false NOT NULL,
	"ipo_signals" boolean DEFAULT false NOT NULL,
	"financial_metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"investors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_articles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"founded_year" integer,
	"ceo_name" text,
	"confidence_score" real DEFAULT 0.6 NOT NULL,
	"last_interaction_at" timestamp with time zone,
	"thematic_score" real,
	"thematic_recommendation" text,
	"scoring_breakdown" jsonb,
	"red_flags" jsonb,
	"red_flag_score" real,
	"red_flag_level" text,
	"red_flag_summary" jsonb,
	"suggested_facility" jsonb,
	"sector_alignment_score" real,
	"geographic_fit_score" real,
	"stage_fit_score" real,
	"financial_health_score" real,
	"monitoring_priority" text,
	"last_scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_number_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_number" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"amount_requested" numeric(20, 2) NOT NULL,
	"stage" text DEFAULT 'lead' NOT NULL,
	"source_type" text,
	"source_name" text,
	"description" text,
	"sector" text,
	"geography" text,
	"deal_type" text,
	"financial_metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thematic_score" real,
	"thematic_recommendation" text,
	"scoring_breakdown" jsonb,
	"red_flags" jsonb,
	"red_flag_score" real,
	"red_flag_level" text,
	"red_flag_summary" jsonb,
	"suggested_facility" jsonb,
	"recommendation_override" text,
	"scored_at" timestamp with time zone,
	"last_interaction" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theses" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"alert_threshold" real DEFAULT 0.7 NOT NULL,
	"signal_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notification_preferences" jsonb DEFAULT '{"email":true,"slack":false,"in_app":true}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_number_counters" ADD CONSTRAINT "deal_number_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_org_name_unique" ON "companies" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_org_priority_idx" ON "companies" USING btree ("organization_id","monitoring_priority");--> statement-breakpoint
CREATE INDEX "companies_org_score_idx" ON "companies" USING btree ("organization_id","thematic_score");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "deals_org_number_unique" ON "deals" USING btree ("organization_id","deal_number");--> statement-breakpoint
CREATE INDEX "deals_org_created_idx" ON "deals" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_org_stage_idx" ON "deals" USING btree ("organization_id","stage");--> statement-breakpoint
CREATE INDEX "deals_org_score_idx" ON "deals" USING btree ("organization_id","thematic_score");--> statement-breakpoint
CREATE INDEX "deals_company_idx" ON "deals" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_org_company_unique" ON "watchlist_entries" USING btree ("organization_id","company_id");--> statement-breakpoint
CREATE INDEX "watchlist_company_idx" ON "watchlist_entries" USING btree ("company_id");