ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "retry_refund_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_retry_refund_id_refunds_id_fk" FOREIGN KEY ("retry_refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_money_idx" ON "orders" USING btree ("created_at","total_collected_cents","service_fee_cents","commission_cents","refund_amount_cents","vendor_payout_cents","fulfillment_status");--> statement-breakpoint
CREATE INDEX "orders_payout_due_idx" ON "orders" USING btree ("payout_due_at","id") WHERE "orders"."fulfillment_status" = 'fulfilled' and "orders"."payment_status" in ('collected', 'partially_refunded');--> statement-breakpoint
CREATE INDEX "orders_disputed_idx" ON "orders" USING btree ("id") WHERE "orders"."fulfillment_status" = 'disputed';--> statement-breakpoint
CREATE INDEX "refunds_failed_open_idx" ON "refunds" USING btree ("updated_at","id") WHERE "refunds"."status" = 'failed' and "refunds"."resolution" is null;--> statement-breakpoint
CREATE INDEX "users_customer_created_idx" ON "users" USING btree ("created_at") WHERE "users"."user_type" = 'customer' and not "users"."is_operator";--> statement-breakpoint
CREATE INDEX "vendors_created_idx" ON "vendors" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_check" CHECK (action in ('created', 'rescheduled', 'cancelled', 'refunded', 'partially_refunded', 'fulfilled', 'payout_scheduled', 'payout_sent', 'payout_failed', 'payout_retry_requested', 'disputed', 'refund_failed', 'refund_retry_requested', 'refund_handled', 'reminder_sent'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_resolution_check" CHECK (("refunds"."resolution" is null and "refunds"."resolved_at" is null) or ("refunds"."resolution" in ('retried', 'handled') and "refunds"."status" = 'failed' and "refunds"."resolved_at" is not null));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_resolution_note_length" CHECK (char_length("refunds"."resolution_note") <= 500);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_retry_check" CHECK (("refunds"."resolution" = 'retried') = ("refunds"."retry_refund_id" is not null));