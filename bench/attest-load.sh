#!/usr/bin/env bash
# The attest load benchmark (docs/performance.md, "Attest latency").
#   bench/attest-load.sh [--skip-build] [AttestLoad options]
#   e.g. bench/attest-load.sh --requests 1000 --warmup 300 --concurrency 1,4,16
# Builds the service and the bench jar (package only, never install), then runs the driver. The
# driver starts a devnet of its own, an embedded PostgreSQL and the service jar, measures, and stops
# them. Results: a table on stdout and JSON in bench/target/attest-load.json.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--skip-build" ]; then
  shift
else
  ./mvnw -B -q -DskipTests -Ddevnet.npm.skip package -pl adapters-http,bench -am
fi

exec java -cp bench/target/benchmarks.jar org.walletstate.bench.load.AttestLoad "$@"
