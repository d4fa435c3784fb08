#!/usr/bin/env bash
# Runs the service locally.
#   ./run.sh                builds if needed, starts on http://127.0.0.1:8080
#   ./run.sh --devnet       also starts the local EVM devnet (chains 1, 8453, 10), reads those chains
#                           there (and the trust profile's other 20 EVM chains on light anvils),
#                           and prints a ready-made API key and sample requests
#   ./run.sh --check-build  says whether the next start rebuilds, and why; builds and starts nothing
# Without DB_URL an embedded PostgreSQL starts, with its data in .data/postgres (kept across runs).
# It builds the local-run variant (target/local-run: the application plus the embedded database);
# the production application (target/quarkus-app, ./mvnw package) never carries that database.
set -euo pipefail
cd "$(dirname "$0")"

devnet=false
check_only=false
for arg in "$@"; do
  case "$arg" in
    --devnet) devnet=true ;;
    --check-build) check_only=true ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

out=adapters-http/target/local-run
app=$out/quarkus-run.jar
# Written when a build succeeds, with the time the build started: a source saved during a build
# still counts as newer next time.
stamp=adapters-http/target/local-run.stamp

# The first source file changed since the last build, or why a build is needed anyway. Sources are
# what goes into the application: every pom.xml, everything under a src/main, the Maven wrapper's
# settings. Build output (target/), installed npm packages and local data are not.
stale_reason() {
  if [ ! -f "$app" ]; then echo "no local build yet"; return; fi
  if [ ! -f "$stamp" ]; then echo "no record of the last build"; return; fi
  local changed
  changed=$(find . \( -name target -o -name node_modules -o -name .git -o -path ./.data \) -prune -o \
    -type f \( -name pom.xml -o -path '*/src/main/*' -o -path './.mvn/*' \) \
    -newer "$stamp" -print -quit)
  if [ -n "$changed" ]; then echo "${changed#./} changed"; fi
}

reason=$(stale_reason)
if $check_only; then
  if [ -n "$reason" ]; then echo "rebuild: $reason"; else echo "up to date"; fi
  exit 0
fi
if [ -n "$reason" ]; then
  echo "Building the service ($reason; the first build takes a few minutes)..."
  mkdir -p adapters-http/target
  started=$(mktemp adapters-http/target/local-run.build-started.XXXXXX)
  ./mvnw -B -q -DskipTests -Ddevnet.npm.skip -Plocal-run package -pl adapters-http -am
  mv "$started" "$stamp"
fi

if ! $devnet; then
  exec java -Dquarkus.profile=local -jar "$app"
fi

# --- with the devnet ---------------------------------------------------------------------------
port=${PORT:-8080}
base="http://127.0.0.1:$port"
manifest=$(devnet/devnet.sh start)
cleanup() { devnet/devnet.sh stop >/dev/null 2>&1 || true; }
trap cleanup EXIT

chain_flags=()
while read -r id url; do
  chain_flags+=("-Dwalletstate.chains.evm.\"$id\".endpoints=$url")
done < <(node -e 'const m=JSON.parse(require("fs").readFileSync(0,"utf8"));
  for (const [id,c] of Object.entries(m.chains)) console.log(id, c.rpcUrl)' <<< "$manifest")

# The other EVM chains a trust profile reads (20 of its 23): one light anvil each, with Multicall3 and
# the check list's token and NFT contracts at their production addresses and the holder given a mix
# of holdings (devnet/scripts/trust-chains.mjs; it stops its anvils when this script exits).
trust_list=$(ls domain/src/main/resources/org/walletstate/domain/trust/trust-checks-*.tsv | tail -1)
manifest_file=$(mktemp)
printf '%s' "$manifest" > "$manifest_file"
coproc TRUST_CHAINS { exec node devnet/scripts/trust-chains.mjs --manifest "$manifest_file" --list "$trust_list"; }
trust_chains_pid=$TRUST_CHAINS_PID
cleanup() {
  kill "$trust_chains_pid" 2>/dev/null || true
  rm -f "$manifest_file"
  devnet/devnet.sh stop >/dev/null 2>&1 || true
}
while read -r id url <&"${TRUST_CHAINS[0]}"; do
  if [ "$id" = TRUST_CHAINS_READY ]; then
    echo "Trust chains: 20 light anvils ready in ${url% *} s"
    break
  fi
  chain_flags+=("-Dwalletstate.chains.evm.\"$id\".endpoints=$url")
done

java -Dquarkus.profile=local "${chain_flags[@]}" -jar "$app" &
service=$!
stop_all() {
  kill "$service" 2>/dev/null || true
  wait "$service" 2>/dev/null || true
  cleanup
}
trap stop_all EXIT
trap 'exit 130' INT TERM

for _ in $(seq 1 120); do
  curl -sf -m 2 "$base/q/health/ready" > /dev/null 2>&1 && break
  kill -0 "$service" 2>/dev/null || { echo "the service did not start" >&2; exit 1; }
  sleep 1
done

key=$(curl -sf -H 'content-type: application/json' \
  -d "{\"email\":\"devnet-$(date +%s)@example.org\",\"appName\":\"devnet\"}" \
  "$base/v1/keys/create" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0,"utf8")).key)')
read -r holder usdc < <(node -e 'const m=JSON.parse(require("fs").readFileSync(0,"utf8"));
  console.log(m.wallets.holder.address, m.chains["8453"].contracts.usdc.address)' <<< "$manifest")

cat <<INFO

The service reads chains 1, 8453 and 10 from the local devnet (see docs/devnet.md).
A ready-made API key (10 credits):

  export KEY=$key

Sample request: does the devnet's holder wallet hold at least 100 USDC on Base?

  curl -s -H "X-API-Key: \$KEY" -H 'content-type: application/json' $base/v1/attest -d '{
    "wallet": "$holder",
    "conditions": [{"type": "token_balance", "chainId": 8453,
                    "contractAddress": "$usdc", "threshold": "100"}]}'

A full trust profile of the same wallet (23 EVM chains, each on its own anvil):

  curl -s -H "X-API-Key: \$KEY" -H 'content-type: application/json' $base/v1/trust -d '{
    "wallet": "$holder"}'

Stop with Ctrl-C (stops the devnet too).
INFO
wait "$service" || true
