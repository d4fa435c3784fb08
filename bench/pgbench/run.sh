#!/bin/bash
# The floor of a paid call's writes on this machine's PostgreSQL: a debit alone, the debit with
# its log entry in the same statement, and the log's separate append, at 1 and 8 clients,
# alternated in one run. Usage: bench/pgbench/run.sh [seconds per block] [blocks]
set -euo pipefail
cd "$(dirname "$0")"
HOST=${PGHOST:-127.0.0.1}; USER=${PGUSER:-postgres}; DB=${FLOOR_DB:-log_floor}
SECONDS_PER=${1:-15}; BLOCKS=${2:-3}
psql -h "$HOST" -U "$USER" -d postgres -qtc "select 1 from pg_database where datname = '$DB'" \
  | grep -q 1 || psql -h "$HOST" -U "$USER" -d postgres -qc "create database $DB"
psql -h "$HOST" -U "$USER" -d "$DB" -q -f setup.sql
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for block in $(seq 1 "$BLOCKS"); do
  for clients in 1 8; do
    for script in debit merged append; do
      out=$(pgbench -h "$HOST" -U "$USER" -n -M extended -c "$clients" -j "$clients" \
        -T "$SECONDS_PER" -f "$script.sql" "$DB" 2>&1)
      lat=$(sed -n 's/^latency average = \([0-9.]*\) ms$/\1/p' <<<"$out")
      tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<<"$out")
      echo "block $block clients $clients $script latency_ms $lat tps $tps"
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
