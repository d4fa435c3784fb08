#!/usr/bin/env bash
# Starts, stops and reports the local devnet (anvil chains 1, 8453 and 10 with the test scenario).
#
#   devnet/devnet.sh start [--ports auto|1=18545,8453=18546,10=18547] [--chains 1,8453,10]
#   devnet/devnet.sh status
#   devnet/devnet.sh stop
#
# start installs node_modules if needed, runs the supervisor in the background, waits until every
# chain is deployed and prints the manifest. Default ports are 18545 (1), 18546 (8453), 18547 (10);
# DEVNET_PORTS or --ports overrides them. A busy port makes start refuse. DEVNET_RUN_DIR moves the
# run directory (pid file, manifest, log), by default devnet/run/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
run_dir=${DEVNET_RUN_DIR:-$here/run}
pid_file=$run_dir/devnet.pid
manifest=$run_dir/manifest.json
log_file=$run_dir/devnet.log

# alive and not a zombie (a killed process whose parent is gone may stay a zombie here)
alive() {
  local stat
  stat=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
  [[ -n $stat && $stat != Z* ]]
}

running_pid() {
  [[ -f $pid_file ]] || return 1
  local pid
  pid=$(tr -d '[:space:]' < "$pid_file")
  [[ -n $pid ]] && alive "$pid" && echo "$pid"
}

anvil_pids() {
  [[ -f $manifest ]] || return 0
  node -e 'const m=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));for(const c of Object.values(m.chains))console.log(c.pid)' "$manifest"
}

cmd_start() {
  if pid=$(running_pid); then
    echo "devnet already running (pid $pid); see $manifest or run: $0 stop" >&2
    exit 1
  fi
  mkdir -p "$run_dir"
  (cd "$here" && node scripts/ensure-deps.mjs) >&2
  rm -f "$manifest"
  setsid node "$here/scripts/devnet.mjs" run --run-dir "$run_dir" "$@" < /dev/null > "$log_file" 2>&1 &
  local pid=$!
  for _ in $(seq 1 1200); do
    if grep -q '^DEVNET_READY ' "$log_file" 2>/dev/null; then
      cat "$manifest"
      echo >&2
      echo "devnet running (supervisor pid $pid); log $log_file; stop with: $0 stop" >&2
      return 0
    fi
    if ! alive "$pid"; then
      echo "devnet failed to start:" >&2
      tail -n 30 "$log_file" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "devnet did not become ready within 120 s; stopping it" >&2
  kill -TERM "$pid" 2>/dev/null || true
  exit 1
}

cmd_stop() {
  local pid anvils
  anvils=$(anvil_pids || true)
  if ! pid=$(running_pid); then
    echo "devnet not running"
  else
    kill -TERM "$pid"
    for _ in $(seq 1 150); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then
      echo "supervisor $pid ignored SIGTERM; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    echo "devnet stopped"
  fi
  local left=0
  for a in $anvils; do
    if alive "$a"; then
      echo "anvil $a survived; killing it" >&2
      kill -KILL "$a" 2>/dev/null || true
      left=1
    fi
  done
  rm -f "$pid_file" "$manifest"
  return $left
}

cmd_status() {
  if pid=$(running_pid); then
    if [[ -f $manifest ]]; then
      echo "devnet running (supervisor pid $pid)"
      node -e 'const m=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));for(const [id,c] of Object.entries(m.chains))console.log(`chain ${id}\t${c.rpcUrl}\tanvil pid ${c.pid}\tblock ${c.readyBlock} at start`)' "$manifest"
    else
      echo "devnet starting (supervisor pid $pid)"
    fi
  else
    echo "devnet not running"
    return 3
  fi
}

case ${1:-} in
  start) shift; cmd_start "$@" ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *) echo "usage: $0 start [--ports auto|C=P,...] [--chains 1,8453,10] | stop | status" >&2; exit 2 ;;
esac
