-- ADR 0042, signed-in requests' statements (issue 27): the signed-in sessions' own version, row 'sessions' of cache_versions,
-- bumped only by committed writes to what a kept session carries: the session row (as for the signed-in
-- reads, migration 0027: its deletion, a change of its user, token or CSRF token) and its user's row, any
-- column but payment_customer_id. That column is written by a customer's first checkout, and a kept copy of
-- it is never used: checkout reads it fresh with the booking. So a checkout's writes (payments, bookings,
-- orders, the provider's customer id) leave every kept session valid. Bumped once per transaction, at its
-- commit, and notified on channel 'sessions' (PGlite keeps the version in memory, as for the other scopes).
INSERT INTO "cache_versions" ("scope", "version") VALUES ('sessions', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  IF current_setting('stg.sessions_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('stg.sessions_bumped', 'on', true);
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "scope" = 'sessions'
      RETURNING "version" INTO bumped;
    IF bumped IS NOT NULL THEN
      PERFORM pg_notify('sessions', bumped::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Users: a new user is in no kept session; a deleted one, or any change but the provider's customer id, bumps.
CREATE CONSTRAINT TRIGGER "users_sessions_delete" AFTER DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_sessions_update" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'payment_customer_id') IS DISTINCT FROM (to_jsonb(NEW) - 'payment_customer_id'))
  EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "users_sessions_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
-- Sessions: as migration 0027 (a new session's token is in no cache; a sliding expiry only lengthens it).
CREATE CONSTRAINT TRIGGER "sessions_sessions_update" AFTER UPDATE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."user_id", OLD."token_hash", OLD."csrf_token") IS DISTINCT FROM (NEW."user_id", NEW."token_hash", NEW."csrf_token"))
  EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_sessions_delete" AFTER DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."user_id" IS NOT NULL)
  EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "sessions_sessions_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
