CREATE INDEX "payments_open_hold_idx" ON "payments" USING btree ("hold_expires_at") WHERE "payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payouts_sending_idx" ON "payouts" USING btree ("started_at") WHERE "payouts"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';