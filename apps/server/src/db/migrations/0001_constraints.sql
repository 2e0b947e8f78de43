-- Constraints drizzle's schema cannot express.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Two live (not cancelled) orders of one vendor can never overlap in time.
ALTER TABLE "orders" ADD CONSTRAINT "orders_no_overlap"
  EXCLUDE USING gist ("vendor_id" WITH =, tstzrange("appointment_at", "appointment_end_at", '[)') WITH &&)
  WHERE ("fulfillment_status" <> 'cancelled');
--> statement-breakpoint
-- The order action log is append-only.
CREATE FUNCTION order_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_no_update BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION order_events_append_only();
