-- ADR 0042, signed-in requests' statements (issue 27): the signed-in sessions' own version, row 'sessions' of cache_versions,
-- bumped only by committed writes to what a kept session carries: the session row (as for the signed-in
-- reads, migration 0027: its deletion, a change of its user, token or CSRF token) and its user's row, any
-- column but payment_customer_id. That column is written by a customer's first checkout, and a kept copy of
-- it is never used: checkout reads it fresh with the booking. So a checkout's writes (payments, bookings,
-- orders, the provider's customer id) leave every kept session valid. Bumped once per transaction, at its
-- commit, and notified on channel 'sessions' (PGlite keeps the version in memory, as for the other scopes).
INSERT INTO "cache_versions" ("scope", "version") VALUES ('sessions', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION sessions_bump() RETURNS void LANGUAGE plpgsql AS $$
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
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sessions_bump();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A user's update, at the commit: OLD is the row as committed before this transaction (the trigger fires only
-- for an update of a version this transaction did not make: the first update of the row in it). Bumps when
-- the row as it is now, at the commit, differs from it in any column but payment_customer_id (or is gone).
-- A user inserted by this transaction (sign-up sets its current address in a second statement) is in no
-- kept session: its updates bump nothing. (A row made in a savepoint reads as another transaction's: it bumps.)
CREATE FUNCTION users_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stg.sessions_bumped', true) IS DISTINCT FROM 'on' AND NOT EXISTS (
    SELECT 1 FROM "users" u
    WHERE u."id" = OLD."id"
      AND (to_jsonb(u) - 'payment_customer_id') = (to_jsonb(OLD) - 'payment_customer_id')
  ) THEN
    PERFORM sessions_bump();
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
  WHEN (OLD.xmin <> pg_current_xact_id()::xid)
  EXECUTE FUNCTION users_sessions_changed();
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
