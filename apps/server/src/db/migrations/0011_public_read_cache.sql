CREATE TABLE "cache_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- ADR 0022: the public reads' version, bumped by every committed write that changes what GET /api/vendors,
-- /api/vendors/{id} and /api/vendors/{id}/reviews show publicly, in the writing transaction itself.
INSERT INTO "cache_versions" ("scope", "version") VALUES ('public_reads', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION public_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the first change bumps the counter, the rest find it done. The triggers are
  -- deferred to the commit, so the row is locked only for the last moment of the writing transaction
  -- (never while it waits for another lock: no deadlock, little contention).
  IF current_setting('stg.public_reads_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('stg.public_reads_bumped', 'on', true);
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "scope" = 'public_reads';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Tables whose every row is public material: the vendor, its reviews and its pricing questions.
CREATE CONSTRAINT TRIGGER "vendors_public_reads" AFTER INSERT OR DELETE ON "vendors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendors_public_reads_update" AFTER UPDATE ON "vendors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "vendors_public_reads_truncate" AFTER TRUNCATE ON "vendors"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_public_reads" AFTER INSERT OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_public_reads_update" AFTER UPDATE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "reviews_public_reads_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_inputs_public_reads" AFTER INSERT OR DELETE ON "pricing_inputs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_inputs_public_reads_update" AFTER UPDATE ON "pricing_inputs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "pricing_inputs_public_reads_truncate" AFTER TRUNCATE ON "pricing_inputs"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_input_options_public_reads" AFTER INSERT OR DELETE ON "pricing_input_options"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pricing_input_options_public_reads_update" AFTER UPDATE ON "pricing_input_options"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "pricing_input_options_public_reads_truncate" AFTER TRUNCATE ON "pricing_input_options"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
-- Images and addresses: only a vendor's (a customer's avatar or address is not in these answers).
CREATE CONSTRAINT TRIGGER "images_public_reads_insert" AFTER INSERT ON "images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."vendor_id" IS NOT NULL)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "images_public_reads_update" AFTER UPDATE ON "images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id" IS NOT NULL OR NEW."vendor_id" IS NOT NULL) AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "images_public_reads_delete" AFTER DELETE ON "images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."vendor_id" IS NOT NULL)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "images_public_reads_truncate" AFTER TRUNCATE ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "addresses_public_reads_insert" AFTER INSERT ON "addresses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."vendor_id" IS NOT NULL)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "addresses_public_reads_update" AFTER UPDATE ON "addresses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id" IS NOT NULL OR NEW."vendor_id" IS NOT NULL) AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "addresses_public_reads_delete" AFTER DELETE ON "addresses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."vendor_id" IS NOT NULL)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "addresses_public_reads_truncate" AFTER TRUNCATE ON "addresses"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
-- The calendar's scheduling settings are public; what a sync writes (its time, error, tokens) is shown to
-- the owner only, whose answer is never cached, so a sync does not empty every process's cache.
CREATE CONSTRAINT TRIGGER "vendor_calendars_public_reads" AFTER INSERT OR DELETE ON "vendor_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_calendars_public_reads_update" AFTER UPDATE ON "vendor_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - ARRAY['last_synced_at', 'sync_started_at', 'sync_error', 'needs_reconnect',
      'access_token_enc', 'refresh_token_enc', 'token_expires_at', 'updated_at'])
    IS DISTINCT FROM
    (to_jsonb(NEW) - ARRAY['last_synced_at', 'sync_started_at', 'sync_error', 'needs_reconnect',
      'access_token_enc', 'refresh_token_enc', 'token_expires_at', 'updated_at'])
  )
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_calendars_public_reads_truncate" AFTER TRUNCATE ON "vendor_calendars"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
