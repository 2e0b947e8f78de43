-- ADR 0017: a transfer the payout job gave up on (the provider unreachable through every try) is marked on its
-- payout row (needs_review_at, set with its payout_failed event) for operators to list and retry; a retry clears it
-- and is logged as payout_retry_requested. Only a transfer still sending can carry the mark.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "needs_review_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payouts_needs_review_idx" ON "payouts" USING btree ("needs_review_at") WHERE "payouts"."needs_review_at" is not null;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_check" CHECK (action in ('created', 'rescheduled', 'cancelled', 'refunded', 'partially_refunded', 'fulfilled', 'payout_scheduled', 'payout_sent', 'payout_failed', 'payout_retry_requested', 'disputed', 'refund_failed', 'reminder_sent'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_needs_review_check" CHECK ("payouts"."needs_review_at" is null or ("payouts"."method" = 'transfer' and "payouts"."status" = 'sending'));
--> statement-breakpoint
-- Transfers given up before this migration: the latest payout_failed event with needsReview on an order whose
-- transfer is still sending marks its payout.
UPDATE "payouts" SET "needs_review_at" = e."created_at"
FROM (
  SELECT "order_id", max("created_at") AS "created_at" FROM "order_events"
  WHERE "action" = 'payout_failed' AND "details"->>'needsReview' = 'true'
  GROUP BY "order_id"
) e
WHERE e."order_id" = "payouts"."order_id" AND "payouts"."method" = 'transfer' AND "payouts"."status" = 'sending';
