CREATE TABLE "ic_memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"company_name" text NOT NULL,
	"content" jsonb NOT NULL,
	"formatted_markdown" text NOT NULL,
	"footnotes" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ic_memos_deal_version_unique" UNIQUE("deal_id","version")
);
--> statement-breakpoint
ALTER TABLE "ic_memos" ADD CONSTRAINT "ic_memos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ic_memos" ADD CONSTRAINT "ic_memos_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ic_memos" ADD CONSTRAINT "ic_memos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ic_memos_organization_idx" ON "ic_memos" USING btree ("organization_id");