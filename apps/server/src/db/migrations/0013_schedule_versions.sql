-- ADR 0024: one version per vendor's schedule, row 'schedule:<vendor id>' of cache_versions, bumped by every
-- committed write that changes what blocks the vendor's time or the rules its starts follow (orders, checkout
-- holds, synced busy entries, the calendar's settings), in the writing transaction itself; the new value is
-- also notified on channel 'schedules' as '<vendor id>:<version>'. A vendor without a row is at version 0.
CREATE FUNCTION bump_schedule_version(vendor bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'stg.schedule_bumped_' || vendor;
  bumped bigint;
BEGIN
  -- Once per vendor and transaction: the triggers are deferred to the commit, so the row is locked only
  -- for the last moment of the writing transaction.
  IF vendor IS NULL OR current_setting(flag, true) IS NOT DISTINCT FROM 'on' THEN
    RETURN;
  END IF;
  PERFORM set_config(flag, 'on', true);
  INSERT INTO "cache_versions" ("scope", "version") VALUES ('schedule:' || vendor, 1)
    ON CONFLICT ("scope") DO UPDATE SET "version" = "cache_versions"."version" + 1
    RETURNING "version" INTO bumped;
  PERFORM pg_notify('schedules', vendor || ':' || bumped);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION schedule_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  calendar bigint;
  vendor bigint;
BEGIN
  IF TG_TABLE_NAME = 'calendar_busy_entries' THEN
    IF TG_OP = 'DELETE' THEN calendar := OLD.vendor_calendar_id; ELSE calendar := NEW.vendor_calendar_id; END IF;
    -- A calendar deleted in the same transaction has bumped its vendor itself.
    SELECT "vendor_id" INTO vendor FROM "vendor_calendars" WHERE "id" = calendar;
    PERFORM bump_schedule_version(vendor);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_schedule_version(OLD.vendor_id);
  ELSE
    PERFORM bump_schedule_version(NEW.vendor_id);
    IF TG_OP = 'UPDATE' AND OLD.vendor_id IS DISTINCT FROM NEW.vendor_id THEN
      PERFORM bump_schedule_version(OLD.vendor_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A truncate empties a whole table: every vendor's schedule changes.
CREATE FUNCTION schedules_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("scope", "version") SELECT 'schedule:' || "id", 1 FROM "vendors"
    ON CONFLICT ("scope") DO UPDATE SET "version" = "cache_versions"."version" + 1;
  UPDATE "cache_versions" SET "version" = "version" + 1
    WHERE "scope" LIKE 'schedule:%' AND substr("scope", 10)::bigint NOT IN (SELECT "id" FROM "vendors");
  PERFORM pg_notify('schedules', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Orders: their time, their status (a cancelled order frees its time) and their vendor.
CREATE CONSTRAINT TRIGGER "orders_schedule" AFTER INSERT OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_schedule_update" AFTER UPDATE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."appointment_at", OLD."appointment_end_at", OLD."fulfillment_status")
    IS DISTINCT FROM (NEW."vendor_id", NEW."appointment_at", NEW."appointment_end_at", NEW."fulfillment_status"))
  EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE TRIGGER "orders_schedule_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION schedules_truncated();
--> statement-breakpoint
-- Checkout holds: a payment's time, length, status, hold expiry and booking (a customer's own hold does not
-- block their own choice).
CREATE CONSTRAINT TRIGGER "payments_schedule" AFTER INSERT OR DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_schedule_update" AFTER UPDATE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."status", OLD."appointment_at", OLD."duration_mins", OLD."hold_expires_at", OLD."booking_id")
    IS DISTINCT FROM (NEW."vendor_id", NEW."status", NEW."appointment_at", NEW."duration_mins", NEW."hold_expires_at", NEW."booking_id"))
  EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE TRIGGER "payments_schedule_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION schedules_truncated();
--> statement-breakpoint
-- Synced busy entries: a sync that finds nothing new updates no row's times and bumps nothing.
CREATE CONSTRAINT TRIGGER "calendar_busy_entries_schedule" AFTER INSERT OR DELETE ON "calendar_busy_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendar_busy_entries_schedule_update" AFTER UPDATE ON "calendar_busy_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_calendar_id", OLD."start_time", OLD."end_time")
    IS DISTINCT FROM (NEW."vendor_calendar_id", NEW."start_time", NEW."end_time"))
  EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE TRIGGER "calendar_busy_entries_schedule_truncate" AFTER TRUNCATE ON "calendar_busy_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION schedules_truncated();
--> statement-breakpoint
-- The calendar: its rules, whether it is connected and can be read. What a sync writes about itself (its
-- time, error, tokens) does not bump: how fresh the entries are is checked by time (ADR 0024).
CREATE CONSTRAINT TRIGGER "vendor_calendars_schedule" AFTER INSERT OR DELETE ON "vendor_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_calendars_schedule_update" AFTER UPDATE ON "vendor_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - ARRAY['last_synced_at', 'sync_started_at', 'sync_error', 'access_token_enc',
      'refresh_token_enc', 'token_expires_at', 'updated_at'])
    IS DISTINCT FROM
    (to_jsonb(NEW) - ARRAY['last_synced_at', 'sync_started_at', 'sync_error', 'access_token_enc',
      'refresh_token_enc', 'token_expires_at', 'updated_at'])
  )
  EXECUTE FUNCTION schedule_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_calendars_schedule_truncate" AFTER TRUNCATE ON "vendor_calendars"
  FOR EACH STATEMENT EXECUTE FUNCTION schedules_truncated();
