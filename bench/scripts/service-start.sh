#!/usr/bin/env bash
# Start time and idle memory of the built service (JVM, java -jar).
#
# For each database mode, RUNS starts: milliseconds from launching the JVM to the first 200 of
# GET /q/health/ready (polled every 10 ms), the "started in" Quarkus logs, resident memory once
# ready, and after a warm-up of WARMUP_S seconds of wrk against GET /v1/jwks. Prints Markdown rows.
#
#   bench/scripts/service-start.sh [RUNS]          (default 5)
#
# Modes:
#   machine   the production profile with DB_URL (default postgresql://127.0.0.1:5432/postgres,
#             user postgres); signing keys are generated once by a local run and passed as
#             SIGNING_P256_JWK / SIGNING_ML_DSA_65_JWK
#   embedded  -Dquarkus.profile=local without DB_URL: the embedded PostgreSQL in a data directory
#             that persists across the runs (created by a first, unmeasured start)
# MODES="machine embedded" selects; WARMUP_S (default 15); JAVA_OPTS adds JVM options.
set -euo pipefail
source "$(dirname "$0")/service.sh"
require_jar

RUNS="${1:-5}"
MODES="${MODES:-machine embedded}"
WARMUP_S="${WARMUP_S:-15}"
MACHINE_DB_URL="${MACHINE_DB_URL:-postgresql://127.0.0.1:5432/postgres}"
WORK="$(mktemp -d /tmp/walletstate-start.XXXXXX)"
BENCH_SCRATCH="$WORK/data" # removed at exit; the logs stay in $WORK
read -r -a JAVA_OPTS_ARRAY <<<"${JAVA_OPTS:-}"
echo "work directory: $WORK" >&2

# A local start generates the signing keys the production profile needs, and creates the embedded
# database; neither start is measured.
prepare() {
  start_service "$WORK/prepare.log" -u DB_URL WALLETSTATE_DATA_DIR="$WORK/data" -- \
    "${JAVA_OPTS_ARRAY[@]}" -Dquarkus.profile=local
  wait_ready 180 || { echo "preparing start failed, see $WORK/prepare.log" >&2; exit 1; }
  curl -s -o /dev/null "$BASE_URL/v1/jwks" # the keys are generated on first use
  stop_service
  export SIGNING_P256_JWK SIGNING_ML_DSA_65_JWK
  SIGNING_P256_JWK="$(cat "$WORK/data/keys/p256.private.jwk.json")"
  SIGNING_ML_DSA_65_JWK="$(cat "$WORK/data/keys/ml-dsa-65.private.jwk.json")"
}

one_run() {
  local mode="$1" run="$2" log="$WORK/$1-$2.log" t0 ready rss_ready rss_warm started
  t0=$(now_ms)
  if [[ "$mode" == machine ]]; then
    start_service "$log" DB_URL="$MACHINE_DB_URL" DB_USER="${DB_USER:-postgres}" -- \
      "${JAVA_OPTS_ARRAY[@]}"
  else
    start_service "$log" -u DB_URL WALLETSTATE_DATA_DIR="$WORK/data" -- \
      "${JAVA_OPTS_ARRAY[@]}" -Dquarkus.profile=local
  fi
  wait_ready 180 || { echo "$mode run $run did not become ready, see $log" >&2; stop_service; return 1; }
  ready=$(( $(now_ms) - t0 ))
  rss_ready=$(rss_mib)
  wrk -t2 -c32 -d"${WARMUP_S}s" "$BASE_URL/v1/jwks" >/dev/null
  sleep 2
  rss_warm=$(rss_mib)
  started=$(grep -o 'started in [0-9.]*s' "$log" | head -1 | grep -o '[0-9.]*' || echo "?")
  stop_service
  printf '| %s | %s | %s | %s | %s | %s |\n' "$mode" "$run" "$ready" "$started" "$rss_ready" "$rss_warm"
}

prepare
echo "| mode | run | ms to first ready 200 | Quarkus \"started in\" (s) | RSS ready (MiB) | RSS after warm-up (MiB) |"
echo "|---|---:|---:|---:|---:|---:|"
for mode in $MODES; do
  if [[ "$mode" == machine ]]; then
    # the first production start migrates the schema; not measured
    start_service "$WORK/migrate.log" DB_URL="$MACHINE_DB_URL" DB_USER="${DB_USER:-postgres}" -- \
      "${JAVA_OPTS_ARRAY[@]}"
    wait_ready 180 || { echo "machine database start failed, see $WORK/migrate.log" >&2; exit 1; }
    stop_service
  fi
  for run in $(seq 1 "$RUNS"); do
    one_run "$mode" "$run"
  done
done
