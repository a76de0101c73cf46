CREATE TABLE "deal_stage_counts" (
	"organization_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"deal_count" integer NOT NULL,
	CONSTRAINT "deal_stage_counts_organization_id_stage_pk" PRIMARY KEY("organization_id","stage")
);
--> statement-breakpoint
ALTER TABLE "deal_stage_counts" ADD CONSTRAINT "deal_stage_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;