#!/usr/bin/env bash
# Requests per second of GET /v1/jwks on loopback, measured with wrk against the built service.
#
#   bench/scripts/jwks-throughput.sh [RUNS] [CONNECTIONS] [SECONDS]   (defaults 3, 64, 20)
#
# Starts the service once (-Dquarkus.profile=local, embedded PostgreSQL in a fresh data
# directory), warms it up for WARMUP_S seconds (default 15), then runs wrk RUNS times with 2
# threads. Prints wrk's own report of each run. wrk and the service share the machine's cores.
set -euo pipefail
source "$(dirname "$0")/service.sh"
require_jar
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }

RUNS="${1:-3}"
CONNECTIONS="${2:-64}"
SECONDS_PER_RUN="${3:-20}"
WARMUP_S="${WARMUP_S:-15}"
WORK="$(mktemp -d /tmp/walletstate-jwks.XXXXXX)"
BENCH_SCRATCH="$WORK/data" # removed at exit; the logs stay in $WORK
read -r -a JAVA_OPTS_ARRAY <<<"${JAVA_OPTS:-}"
echo "logs: $WORK" >&2

start_service "$WORK/service.log" -u DB_URL WALLETSTATE_DATA_DIR="$WORK/data" -- \
  "${JAVA_OPTS_ARRAY[@]}" -Dquarkus.profile=local
wait_ready 180 || { echo "service did not start, see $WORK/service.log" >&2; exit 1; }
echo "service ready; body: $(curl -s "$BASE_URL/v1/jwks" | wc -c) bytes; warming up ${WARMUP_S}s" >&2
wrk -t2 -c"$CONNECTIONS" -d"${WARMUP_S}s" "$BASE_URL/v1/jwks" >/dev/null
for run in $(seq 1 "$RUNS"); do
  echo "== run $run: wrk -t2 -c$CONNECTIONS -d${SECONDS_PER_RUN}s --latency $BASE_URL/v1/jwks"
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency "$BASE_URL/v1/jwks"
done
echo "RSS after the runs: $(rss_mib) MiB"
