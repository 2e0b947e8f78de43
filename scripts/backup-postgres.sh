#!/usr/bin/env bash
# Backs up the marketplace's PostgreSQL database with pg_dump in its custom format (-Fc: compressed,
# restored with pg_restore, tables chosen at restore time). A consistent snapshot taken while the servers
# keep running (pg_dump reads in one transaction).
#   DATABASE_URL=postgres://… scripts/backup-postgres.sh [FILE]
# FILE defaults to backups/marketplace-<UTC time>.dump. pg_dump must be of the server's major version or
# newer; PG_BIN names the folder holding it (default: PATH, then the newest /usr/lib/postgresql/*/bin).
# Uploads are not in the database: back up the S3 bucket (or DATA_DIR/uploads) alongside, and keep
# CALENDAR_TOKEN_KEY, without which stored calendar secrets cannot be read.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL to the database to back up (postgres://…)}"
find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN/$1"; return; fi
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$dir" ] && [ -x "$dir/$1" ]; then echo "$dir/$1"; return; fi
  echo "$1 not found: install the PostgreSQL client (apt-get install postgresql-client) or set PG_BIN" >&2
  exit 1
}
PG_DUMP=$(find_bin pg_dump)

file=${1:-backups/marketplace-$(date -u +%Y%m%dT%H%M%SZ).dump}
mkdir -p "$(dirname "$file")"
tmp="$file.partial"
trap 'rm -f "$tmp"' EXIT
# --no-owner/--no-privileges: the dump restores into a database owned by any role.
"$PG_DUMP" --format=custom --no-owner --no-privileges --dbname="$DATABASE_URL" --file="$tmp"
mv "$tmp" "$file"
trap - EXIT
echo "Backed up to $file ($(du -h "$file" | cut -f1))"
