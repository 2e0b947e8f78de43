-- Issue 12, vendor order actions: the vendor's order list pages by (appointment_at, id) with one index
-- per filter (all, active, past); the completion note is at most 500 characters.
DROP INDEX "orders_vendor_idx";--> statement-breakpoint
CREATE INDEX "orders_vendor_active_idx" ON "orders" USING btree ("vendor_id","appointment_at","id") WHERE "orders"."fulfillment_status" not in ('fulfilled', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_vendor_past_idx" ON "orders" USING btree ("vendor_id","appointment_at","id") WHERE "orders"."fulfillment_status" in ('fulfilled', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_vendor_idx" ON "orders" USING btree ("vendor_id","appointment_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_optional_note_length" CHECK (char_length("orders"."optional_note") <= 500);
