#!/usr/bin/env bash
# Restores a backup made by scripts/backup-postgres.sh into an EMPTY database (made with createdb), then
# the servers can be pointed at it (DATABASE_URL); they apply any newer migrations when they start.
#   scripts/restore-postgres.sh FILE postgres://…/marketplace_restored
# Refuses a database that already has tables, so a mistyped URL cannot overwrite live data.
set -euo pipefail

file=${1:?usage: scripts/restore-postgres.sh FILE TARGET_DATABASE_URL}
target=${2:?usage: scripts/restore-postgres.sh FILE TARGET_DATABASE_URL}
[ -f "$file" ] || { echo "No such backup file: $file" >&2; exit 1; }
find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN/$1"; return; fi
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$dir" ] && [ -x "$dir/$1" ]; then echo "$dir/$1"; return; fi
  echo "$1 not found: install the PostgreSQL client (apt-get install postgresql-client) or set PG_BIN" >&2
  exit 1
}
PSQL=$(find_bin psql)
PG_RESTORE=$(find_bin pg_restore)

tables=$("$PSQL" --dbname="$target" --no-psqlrc --tuples-only --no-align --command \
  "select count(*) from information_schema.tables where table_schema in ('public', 'drizzle')")
if [ "$tables" != "0" ]; then
  echo "The target database already has $tables tables; restore into an empty database (createdb NAME)." >&2
  exit 1
fi
# One transaction: a restore that fails part-way leaves the database empty, not half-filled.
"$PG_RESTORE" --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$file"
echo "Restored $file into the target database."
