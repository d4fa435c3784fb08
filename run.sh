#!/usr/bin/env bash
# Runs the service locally.
#   ./run.sh                builds if needed, starts on http://127.0.0.1:8080
#   ./run.sh --devnet       also starts the devnet, offline: the scenario's EVM chains (1, 8453, 10),
#                           a light anvil for each of the other 28 EVM chain ids, local nodes for
#                           Solana, XRPL, Bitcoin, Tron, Stellar and Sui, the BTC/USD feed and an
#                           x402 facilitator; configures the service for them and for the devnet's
#                           payment wallets, and prints a ready-made API key and sample requests
#   ./run.sh --devnet --tour  the same, then runs devnet/tour.mjs against it (one line per step), stops
#                           everything and exits with the tour's status
#   ./run.sh --check-build  says whether the next start rebuilds, and why; builds and starts nothing
# Without DB_URL an embedded PostgreSQL starts, with its data in .data/postgres (kept across runs).
# It builds the local-run variant (target/local-run: the application plus the embedded database);
# the production application (target/quarkus-app, ./mvnw package) never carries that database.
set -euo pipefail
cd "$(dirname "$0")"

devnet=false
tour=false
check_only=false
for arg in "$@"; do
  case "$arg" in
    --devnet) devnet=true ;;
    --check-build) check_only=true ;;
    --tour) tour=true ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
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

if $tour && ! $devnet; then echo "--tour needs --devnet" >&2; exit 2; fi
if ! $devnet; then
  exec java -Dquarkus.profile=local -jar "$app"
fi

# --- with the devnet ---------------------------------------------------------------------------
port=${PORT:-8080}
base="http://127.0.0.1:$port"
devnet_started=$(date +%s%N)
# The other 28 EVM chain ids the service serves: one light anvil each, with Multicall3, the trust
# check list's token and NFT contracts and the accepted payment tokens at their production addresses,
# and the holder given a mix of holdings (devnet/scripts/trust-chains.mjs --all-chains; it stops its
# anvils when this script exits). Its anvils start at once, beside the devnet's deployment; it places
# the contracts when the devnet's manifest appears.
trust_list=$(ls domain/src/main/resources/org/walletstate/domain/trust/trust-checks-*.tsv | tail -1)
manifest_dir=$(mktemp -d)
manifest_file=$manifest_dir/manifest.json
coproc TRUST_CHAINS { exec node devnet/scripts/trust-chains.mjs --manifest "$manifest_file" --list "$trust_list" \
  --all-chains --wait-manifest; }
trust_chains_pid=$TRUST_CHAINS_PID
world_pid=
cleanup() {
  kill "$trust_chains_pid" 2>/dev/null || true
  if [ -n "$world_pid" ]; then kill "$world_pid" 2>/dev/null || true; fi
  rm -rf "$manifest_dir"
  devnet/devnet.sh stop >/dev/null 2>&1 || true
}
trap cleanup EXIT
manifest=$(devnet/devnet.sh start)
printf '%s' "$manifest" > "$manifest_file.part"
mv "$manifest_file.part" "$manifest_file"

chain_flags=()
while read -r id url; do
  chain_flags+=("-Dwalletstate.chains.evm.\"$id\".endpoints=$url")
done < <(node -e 'const m=JSON.parse(require("fs").readFileSync(0,"utf8"));
  for (const [id,c] of Object.entries(m.chains)) console.log(id, c.rpcUrl)' <<< "$manifest")
light=0
while read -r id url <&"${TRUST_CHAINS[0]}"; do
  if [ "$id" = TRUST_CHAINS_READY ]; then
    break
  fi
  light=$((light + 1))
  chain_flags+=("-Dwalletstate.chains.evm.\"$id\".endpoints=$url")
done
chains_ready=$(date +%s%N)

# Everything else the product reads, beside the devnet (org.walletstate.devnet.LocalWorld): local
# nodes for Solana, XRPL, Bitcoin (Esplora), Tron, Stellar (Horizon) and Sui (GraphQL) with the
# scenario's holdings, the BTC/USD feed on chain 1, an x402 facilitator on 8453 and Solana. It prints
# the service's settings for them (the properties of docs/configuration.md), then its ready line.
world_flags=()
world_file=${DEVNET_RUN_DIR:-devnet/run}/world.json
# (bash warns that the trust chains' coproc still exists: both run on purpose)
{ coproc WORLD { exec java -cp "devnet/target/classes:$out/lib/main/*" org.walletstate.devnet.LocalWorld \
  --manifest "$manifest_file" --list "$trust_list" --world "$world_file"; } 2>&3; } 3>&2 2>/dev/null
world_pid=$WORLD_PID
while read -r line <&"${WORLD[0]}"; do
  if [ "$line" = LOCAL_WORLD_READY ]; then break; fi
  world_flags+=("-D$line")
done
if [ ${#world_flags[@]} -eq 0 ]; then echo "the local nodes did not start" >&2; exit 1; fi
world_ready=$(date +%s%N)
world_abs=$(cd "$(dirname "$world_file")" && pwd)/world.json
printf 'Devnet: %d EVM chains ready in %.1f s (3 scenario chains, %d light anvils); local nodes, feed\n' \
  "$((3 + light))" "$(((chains_ready - devnet_started) / 1000000))e-3" "$light"
printf '        and facilitator ready %.1f s later\n' "$(((world_ready - chains_ready) / 1000000))e-3"

if $tour; then
  # the tour's lines alone on the terminal; the service's log goes to the run directory
  java -Dquarkus.profile=local "${chain_flags[@]}" "${world_flags[@]}" -jar "$app" \
    > "${DEVNET_RUN_DIR:-devnet/run}/service.log" 2>&1 &
else
  java -Dquarkus.profile=local "${chain_flags[@]}" "${world_flags[@]}" -jar "$app" &
fi
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

if $tour; then
  node devnet/tour.mjs --base "$base" --manifest "$manifest_file" --world "$world_file" && status=0 || status=$?
  exit $status
fi

key=$(curl -sf -H 'content-type: application/json' \
  -d "{\"email\":\"devnet-$(date +%s)@example.org\",\"appName\":\"devnet\"}" \
  "$base/v1/keys/create" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0,"utf8")).key)')
read -r holder usdc < <(node -e 'const m=JSON.parse(require("fs").readFileSync(0,"utf8"));
  console.log(m.wallets.holder.address, m.chains["8453"].contracts.usdc.address)' <<< "$manifest")

cat <<INFO

The service reads every chain locally (see docs/devnet.md): the 31 EVM chain ids on anvils, and
Solana, XRPL, Bitcoin, Tron, Stellar and Sui on local nodes (their URLs, and an attest body per
family that the scenario meets, are in $world_file).
A ready-made API key (10 credits):

  export KEY=$key

Sample request: does the devnet's holder wallet hold at least 100 USDC on Base?

  curl -s -H "X-API-Key: \$KEY" -H 'content-type: application/json' $base/v1/attest -d '{
    "wallet": "$holder",
    "conditions": [{"type": "token_balance", "chainId": 8453,
                    "contractAddress": "$usdc", "threshold": "100"}]}'

The Solana holder's native and token balances:

  curl -s -H "X-API-Key: \$KEY" -H 'content-type: application/json' $base/v1/attest \\
    -d "\$(node -e 'console.log(JSON.stringify(require("$world_abs").attestBodies.solana))')"

A full trust profile of the same wallet with every optional wallet (23 EVM chains and six others):

  curl -s -H "X-API-Key: \$KEY" -H 'content-type: application/json' $base/v1/trust \\
    -d "\$(node -e 'const w=require("$world_abs");
                  console.log(JSON.stringify({wallet:"$holder",...w.trustWallets}))')"

Every operation, checked with the official clients: ./run.sh --devnet --tour

Stop with Ctrl-C (stops the devnet too).
INFO
wait "$service" || true
