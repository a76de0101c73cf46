CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"location" jsonb NOT NULL,
	"content" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_interaction_companies" (
	"interaction_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"matched_by" text NOT NULL,
	CONSTRAINT "knowledge_interaction_companies_interaction_id_company_id_pk" PRIMARY KEY("interaction_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"sender" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, subject), 'A') || to_tsvector('english'::regconfig, body)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_activity" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "deal_activity_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_interaction_companies" ADD CONSTRAINT "knowledge_interaction_companies_interaction_id_knowledge_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."knowledge_interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_interaction_companies" ADD CONSTRAINT "knowledge_interaction_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_interaction_companies" ADD CONSTRAINT "knowledge_interaction_companies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_interactions" ADD CONSTRAINT "knowledge_interactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_interactions" ADD CONSTRAINT "knowledge_interactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_chunks_document_ordinal_idx" ON "knowledge_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_idx" ON "knowledge_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_org_idx" ON "knowledge_chunks" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "knowledge_interaction_companies_company_idx" ON "knowledge_interaction_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "knowledge_interactions_tsv_idx" ON "knowledge_interactions" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_interactions_org_time_idx" ON "knowledge_interactions" USING btree ("organization_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin (to_tsvector('english'::regconfig, "name" || ' ' || coalesce("industry", '') || ' ' || coalesce("description", '')));