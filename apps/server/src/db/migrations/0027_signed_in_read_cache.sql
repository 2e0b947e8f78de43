-- ADR 0040 (issue 27): the signed-in reads' version, row 'signed_in_reads' of cache_versions, bumped by every
-- committed write to what the cached signed-in answers are made of (a session and its user; a customer's
-- addresses, saved answers, bookings and orders; a vendor's orders, refunds, payouts, events and listing), in
-- the writing transaction itself, once per transaction; the new value is notified on channel
-- 'signed_in_reads' (PGlite keeps it in memory, as for the public reads, ADR 0022).
INSERT INTO "cache_versions" ("scope", "version") VALUES ('signed_in_reads', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION signed_in_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  -- Once per transaction; deferred to the commit, so the row is locked only for the writer's last moment.
  IF current_setting('stg.signed_in_reads_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('stg.signed_in_reads_bumped', 'on', true);
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "scope" = 'signed_in_reads'
      RETURNING "version" INTO bumped;
    IF bumped IS NOT NULL THEN
      PERFORM pg_notify('signed_in_reads', bumped::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_signed_in_reads" AFTER INSERT OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_signed_in_reads_update" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "users_signed_in_reads_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "addresses_signed_in_reads" AFTER INSERT OR DELETE ON "addresses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "addresses_signed_in_reads_update" AFTER UPDATE ON "addresses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "addresses_signed_in_reads_truncate" AFTER TRUNCATE ON "addresses"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_inputs_signed_in_reads" AFTER INSERT OR DELETE ON "user_inputs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_inputs_signed_in_reads_update" AFTER UPDATE ON "user_inputs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "user_inputs_signed_in_reads_truncate" AFTER TRUNCATE ON "user_inputs"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_signed_in_reads" AFTER INSERT OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_signed_in_reads_update" AFTER UPDATE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "orders_signed_in_reads_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_events_signed_in_reads" AFTER INSERT OR DELETE ON "order_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_events_signed_in_reads_update" AFTER UPDATE ON "order_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "order_events_signed_in_reads_truncate" AFTER TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_signed_in_reads" AFTER INSERT OR DELETE ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_signed_in_reads_update" AFTER UPDATE ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "refunds_signed_in_reads_truncate" AFTER TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payouts_signed_in_reads" AFTER INSERT OR DELETE ON "payouts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payouts_signed_in_reads_update" AFTER UPDATE ON "payouts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "payouts_signed_in_reads_truncate" AFTER TRUNCATE ON "payouts"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendors_signed_in_reads" AFTER INSERT OR DELETE ON "vendors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendors_signed_in_reads_update" AFTER UPDATE ON "vendors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "vendors_signed_in_reads_truncate" AFTER TRUNCATE ON "vendors"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "images_signed_in_reads" AFTER INSERT OR DELETE ON "images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "images_signed_in_reads_update" AFTER UPDATE ON "images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "images_signed_in_reads_truncate" AFTER TRUNCATE ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_inputs_signed_in_reads" AFTER INSERT OR DELETE ON "pricing_inputs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_inputs_signed_in_reads_update" AFTER UPDATE ON "pricing_inputs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "pricing_inputs_signed_in_reads_truncate" AFTER TRUNCATE ON "pricing_inputs"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_input_options_signed_in_reads" AFTER INSERT OR DELETE ON "pricing_input_options"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_input_options_signed_in_reads_update" AFTER UPDATE ON "pricing_input_options"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "pricing_input_options_signed_in_reads_truncate" AFTER TRUNCATE ON "pricing_input_options"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_calendars_signed_in_reads" AFTER INSERT OR DELETE ON "vendor_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_calendars_signed_in_reads_update" AFTER UPDATE ON "vendor_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_calendars_signed_in_reads_truncate" AFTER TRUNCATE ON "vendor_calendars"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_signed_in_reads" AFTER INSERT OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_signed_in_reads_update" AFTER UPDATE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "reviews_signed_in_reads_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_plan_offers_signed_in_reads" AFTER INSERT OR DELETE ON "vendor_plan_offers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_plan_offers_signed_in_reads_update" AFTER UPDATE ON "vendor_plan_offers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_plan_offers_signed_in_reads_truncate" AFTER TRUNCATE ON "vendor_plan_offers"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
-- Bookings: a signed-in user's only (a guest's are in no cached answer; a guest's adopted at sign-in are
-- updated to their user, which bumps).
CREATE CONSTRAINT TRIGGER "bookings_signed_in_reads_insert" AFTER INSERT ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."user_id" IS NOT NULL)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_signed_in_reads_update" AFTER UPDATE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."user_id" IS NOT NULL OR NEW."user_id" IS NOT NULL) AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_signed_in_reads_delete" AFTER DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."user_id" IS NOT NULL)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "bookings_signed_in_reads_truncate" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
-- Sessions: a new session's token is in no cache, and sliding its expiry (last_seen_at, expires_at) only
-- lengthens it (a process holding the older expiry reads the row again when it passes). What ends or
-- changes a signed-in session bumps: its deletion (sign-out, password change, pruning), a change of its
-- user, token or CSRF token.
CREATE CONSTRAINT TRIGGER "sessions_signed_in_reads_update" AFTER UPDATE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."user_id", OLD."token_hash", OLD."csrf_token") IS DISTINCT FROM (NEW."user_id", NEW."token_hash", NEW."csrf_token"))
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_signed_in_reads_delete" AFTER DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."user_id" IS NOT NULL)
  EXECUTE FUNCTION signed_in_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "sessions_signed_in_reads_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_reads_changed();
