-- ADR 0022: the bump of the public reads' version also notifies its new value on channel public_reads
-- (delivered after the commit). PGlite, whose database belongs to one process, delivers it before the
-- writing call returns, so an embedded server keeps the version in memory instead of reading it per request.
CREATE OR REPLACE FUNCTION public_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  -- Once per transaction: the first change bumps the counter, the rest find it done. The triggers are
  -- deferred to the commit, so the row is locked only for the last moment of the writing transaction
  -- (never while it waits for another lock: no deadlock, little contention).
  IF current_setting('stg.public_reads_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('stg.public_reads_bumped', 'on', true);
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "scope" = 'public_reads'
      RETURNING "version" INTO bumped;
    IF bumped IS NOT NULL THEN
      PERFORM pg_notify('public_reads', bumped::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
