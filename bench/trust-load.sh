#!/usr/bin/env bash
# The trust profile benchmark (docs/performance.md, "Trust profiles").
#   bench/trust-load.sh [--skip-build] [TrustLoad options]
#   e.g. bench/trust-load.sh --requests 200 --warmup 40
# Builds the service and the bench jar (package only, never install), then runs the driver. The
# driver starts a devnet of its own, an embedded PostgreSQL and the service jar (read cache and head
# following off), measures a profile and a 10-wallet batch alternating with a raw baseline making
# the same multicalls and with those reads followed by the profiles' raw signatures, prints the
# service's own meters for the timed calls, and stops them. --service-jar JAR measures another
# build; --property k=v sets a service property.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--skip-build" ]; then
  shift
else
  ./mvnw -B -q -DskipTests -Ddevnet.npm.skip package -pl adapters-http,bench -am
fi

exec java -cp bench/target/benchmarks.jar org.walletstate.bench.load.TrustLoad "$@"
