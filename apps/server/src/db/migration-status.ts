/**
 * Whether the database has every migration this build of the server carries (the readiness check, ADR
 * 0039). Drizzle records each applied migration in drizzle.__drizzle_migrations with its folder's time
 * (`created_at`) and applies those newer than the newest recorded; a migration is missing when this
 * build's journal has one newer than that. A database ahead of this build (a newer instance migrated it
 * during a rolling deploy) is not "behind": migrations add, so this instance still works.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Db } from './client';

let journal: number[] | null = null;
/** Each migration's folder time in this build, read once. */
function expectedMillis(): number[] {
  journal ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  return journal;
}

export interface MigrationStatus {
  /** Migrations of this build the database has not applied. */
  missing: number;
  expected: number;
}

export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const expected = expectedMillis();
  const rows = await queryRows<{ latest: string | number | null }>(
    db,
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  const latest = rows[0]?.latest === null || rows[0]?.latest === undefined ? -1 : Number(rows[0].latest);
  return { missing: expected.filter((ms) => ms > latest).length, expected: expected.length };
}
