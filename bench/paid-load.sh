#!/usr/bin/env bash
# The pay-per-call load benchmark (docs/performance.md, "Pay-per-call throughput").
#   bench/paid-load.sh [--skip-build] [PaidLoad options]
#   e.g. bench/paid-load.sh --payers 8,32 --rounds 10 --block-time 2 --sender-eth 1e30
# Builds the service and the bench jar (package only, never install), then runs the driver. The
# driver starts a devnet of its own (mining a block every --block-time seconds), an embedded
# PostgreSQL and the service jar, measures paid and key-paid attests and their floors in ABBA
# blocks (--blocks, default 2), prints a table, and stops them. --sender-eth sets the relayer's
# balance (see docs/performance.md for why); the service inherits the driver's environment, e.g.
# WALLETSTATE_X402_SETTLE_SENDERS=16.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--skip-build" ]; then
  shift
else
  ./mvnw -B -q -DskipTests -Ddevnet.npm.skip package -pl adapters-http,bench -am
fi

exec java -cp bench/target/benchmarks.jar org.walletstate.bench.load.PaidLoad "$@"
