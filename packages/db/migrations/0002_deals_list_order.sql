DROP INDEX "deals_org_created_idx";--> statement-breakpoint
CREATE INDEX "deals_org_created_idx" ON "deals" USING btree ("organization_id","created_at" DESC NULLS LAST,"deal_number" DESC NULLS FIRST);