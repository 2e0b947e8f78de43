ALTER TABLE "plan_visits" ADD COLUMN "pay_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_visits_pay_token_idx" ON "plan_visits" USING btree ("pay_token_hash");--> statement-breakpoint
CREATE INDEX "plan_visits_intent_idx" ON "plan_visits" USING btree ("payment_intent_id");