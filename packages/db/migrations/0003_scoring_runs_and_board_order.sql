CREATE TABLE "scoring_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total_companies" integer NOT NULL,
	"scored_companies" integer DEFAULT 0 NOT NULL,
	"total_deals" integer NOT NULL,
	"scored_deals" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "deals_org_score_idx";--> statement-breakpoint
ALTER TABLE "scoring_runs" ADD CONSTRAINT "scoring_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scoring_runs_org_queued_idx" ON "scoring_runs" USING btree ("organization_id","queued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_org_score_idx" ON "deals" USING btree ("organization_id","thematic_score" DESC NULLS LAST,"deal_number" DESC NULLS FIRST);