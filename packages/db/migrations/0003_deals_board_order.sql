DROP INDEX "deals_org_score_idx";--> statement-breakpoint
CREATE INDEX "deals_org_score_idx" ON "deals" USING btree ("organization_id","thematic_score" DESC NULLS LAST,"deal_number" DESC NULLS FIRST);