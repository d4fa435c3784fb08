# Shared by the service benchmarks: start the built service, wait until it is ready, read its
# memory, stop it. Sourced, not run.
#
#   BENCH_PORT   port to serve on (default 18090)
#   BENCH_JAR    the built application (default adapters-http/target/quarkus-app/quarkus-run.jar)
#   BENCH_JAVA   java binary (default: java on the PATH)

BENCH_PORT="${BENCH_PORT:-18090}"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BENCH_JAR="${BENCH_JAR:-$REPO_ROOT/adapters-http/target/quarkus-app/quarkus-run.jar}"
BENCH_JAVA="${BENCH_JAVA:-java}"
BASE_URL="http://127.0.0.1:$BENCH_PORT"
SERVICE_PID=""

require_jar() {
  if [[ ! -f "$BENCH_JAR" ]]; then
    echo "no $BENCH_JAR: build it first with ./mvnw -B -pl adapters-http -am package -DskipTests" >&2
    exit 2
  fi
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# start_service LOG [env arguments...] -- [java options...]: starts the service in the background
# (SERVICE_PID) on 127.0.0.1:$BENCH_PORT. The env arguments go to env(1) (NAME=value, -u NAME);
# the rest of the environment passes through.
start_service() {
  local log="$1"; shift
  local env_args=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do env_args+=("$1"); shift; done
  [[ $# -gt 0 ]] && shift
  env "${env_args[@]}" HOST=127.0.0.1 PORT="$BENCH_PORT" "$BENCH_JAVA" "$@" -jar "$BENCH_JAR" \
    >"$log" 2>&1 &
  SERVICE_PID=$!
}

# wait_ready TIMEOUT_S: polls /q/health/ready every 10 ms until it answers 200; prints nothing,
# fails when the process died or the time ran out.
wait_ready() {
  local deadline=$(( $(now_ms) + $1 * 1000 ))
  while (( $(now_ms) < deadline )); do
    if ! kill -0 "$SERVICE_PID" 2>/dev/null; then
      return 1
    fi
    if [[ "$(curl -s -o /dev/null -m 1 -w '%{http_code}' "$BASE_URL/q/health/ready")" == 200 ]]; then
      return 0
    fi
    sleep 0.01
  done
  return 1
}

# rss_mib: resident memory of the service process, MiB.
rss_mib() {
  awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$SERVICE_PID/status"
}

stop_service() {
  if [[ -n "$SERVICE_PID" ]] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    kill -TERM "$SERVICE_PID"
    for _ in $(seq 1 100); do
      kill -0 "$SERVICE_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$SERVICE_PID" 2>/dev/null || true
  fi
  SERVICE_PID=""
}

# BENCH_SCRATCH: a directory the script wants gone at exit (the service's data directory: an
# embedded database and local signing keys). Logs stay. Kept if its database may still run.
BENCH_SCRATCH=""
on_exit() {
  stop_service
  if [[ -n "$BENCH_SCRATCH" && ! -e "$BENCH_SCRATCH/postgres/postmaster.pid" ]]; then
    rm -rf -- "$BENCH_SCRATCH"
  fi
}
trap on_exit EXIT
trap 'exit 130' INT TERM
