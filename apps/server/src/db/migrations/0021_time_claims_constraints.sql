-- ADR 0037 "Holding the vendor's time": every claim on a vendor's time is a row of time_claims (a live order's
-- or a held plan visit's), and no two claims of one vendor overlap. The rows are written only by the triggers
-- below, so every order path (checkout's settlement, reschedule, cancel, the seed) is unchanged and still meets
-- SQLSTATE 23P01 on a clash (orders/repo.ts isOrderConflict). orders_no_overlap (0001) stays.
ALTER TABLE "time_claims" ADD CONSTRAINT "time_claims_no_overlap"
  EXCLUDE USING gist ("vendor_id" WITH =, "during" WITH &&);
--> statement-breakpoint
-- An order claims its time while it is not cancelled (as orders_no_overlap counts it); a move moves the claim.
-- An order made of a plan visit takes the visit's time over: the visit's claim goes first, whichever of the two
-- rows the transaction writes first, so the time is claimed exactly once and never free in between.
CREATE FUNCTION order_time_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."plan_visit_id" IS NOT NULL
    AND (TG_OP = 'INSERT' OR OLD."plan_visit_id" IS DISTINCT FROM NEW."plan_visit_id") THEN
    DELETE FROM "time_claims" WHERE "plan_visit_id" = NEW."plan_visit_id";
  END IF;
  IF NEW."fulfillment_status" = 'cancelled' THEN
    DELETE FROM "time_claims" WHERE "order_id" = NEW."id";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE "time_claims"
      SET "vendor_id" = NEW."vendor_id",
        "during" = tstzrange(NEW."appointment_at", NEW."appointment_end_at", '[)')
      WHERE "order_id" = NEW."id";
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "time_claims" ("vendor_id", "during", "order_id")
    VALUES (NEW."vendor_id", tstzrange(NEW."appointment_at", NEW."appointment_end_at", '[)'), NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Not deferred: a clash fails the statement that makes it, as orders_no_overlap does.
CREATE TRIGGER "orders_time_claim" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_time_claim();
--> statement-breakpoint
CREATE TRIGGER "orders_time_claim_update" AFTER UPDATE ON "orders"
  FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."appointment_at", OLD."appointment_end_at", OLD."fulfillment_status", OLD."plan_visit_id")
    IS DISTINCT FROM (NEW."vendor_id", NEW."appointment_at", NEW."appointment_end_at", NEW."fulfillment_status", NEW."plan_visit_id"))
  EXECUTE FUNCTION order_time_claim();
--> statement-breakpoint
-- A held-like visit (held, charging, payment_failed, action_required: HELD_VISIT_STATUSES in schema.ts) claims
-- its time; any other status releases it (an 'ordered' visit's order owns the time).
CREATE FUNCTION plan_visit_time_claim() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vendor integer;
BEGIN
  IF NEW."status" NOT IN ('held', 'charging', 'payment_failed', 'action_required') THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM "time_claims" WHERE "plan_visit_id" = NEW."id";
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE "time_claims" SET "during" = tstzrange(NEW."appointment_at", NEW."appointment_end_at", '[)')
      WHERE "plan_visit_id" = NEW."id";
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT "vendor_id" INTO vendor FROM "plans" WHERE "id" = NEW."plan_id";
  INSERT INTO "time_claims" ("vendor_id", "during", "plan_visit_id")
    VALUES (vendor, tstzrange(NEW."appointment_at", NEW."appointment_end_at", '[)'), NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plan_visits_time_claim" AFTER INSERT ON "plan_visits"
  FOR EACH ROW EXECUTE FUNCTION plan_visit_time_claim();
--> statement-breakpoint
CREATE TRIGGER "plan_visits_time_claim_update" AFTER UPDATE ON "plan_visits"
  FOR EACH ROW
  WHEN ((OLD."status", OLD."appointment_at", OLD."appointment_end_at")
    IS DISTINCT FROM (NEW."status", NEW."appointment_at", NEW."appointment_end_at"))
  EXECUTE FUNCTION plan_visit_time_claim();
--> statement-breakpoint
-- The live orders that exist claim their time (they never overlap: orders_no_overlap).
INSERT INTO "time_claims" ("vendor_id", "during", "order_id")
  SELECT "vendor_id", tstzrange("appointment_at", "appointment_end_at", '[)'), "id" FROM "orders"
  WHERE "fulfillment_status" <> 'cancelled';
--> statement-breakpoint
-- ADR 0024: a claim made, moved or released changes the vendor's schedule (a held visit's above all: an order's
-- own trigger bumps too, once per vendor and transaction). Made after the backfill, which changes no one's time.
CREATE CONSTRAINT TRIGGER "time_claims_schedule" AFTER INSERT OR DELETE ON "time_claims"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "time_claims_schedule_update" AFTER UPDATE ON "time_claims"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."during") IS DISTINCT FROM (NEW."vendor_id", NEW."during"))
  EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE TRIGGER "time_claims_schedule_truncate" AFTER TRUNCATE ON "time_claims"
  FOR EACH STATEMENT EXECUTE FUNCTION schedules_truncated();
--> statement-breakpoint
-- The plan action log is append-only, as order_events is.
CREATE FUNCTION plan_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plan_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER plan_events_no_update BEFORE UPDATE OR DELETE ON "plan_events"
  FOR EACH ROW EXECUTE FUNCTION plan_events_append_only();
