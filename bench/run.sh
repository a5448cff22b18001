#!/usr/bin/env bash
# Switchboard side by side with a direct call, nginx (plain reverse proxy) and the Portkey gateway.
#
#   bench/run.sh            # installs what is missing, runs everything (about 5 minutes), writes bench/results/
#
# Everything listens on 127.0.0.1 and every load is bounded in time and count. Needs: Debian/Ubuntu with apt
# (root or sudo) for nginx-light and wrk, Node 20+ and npm, JDK 25 (JAVA_HOME, else /usr/lib/jvm/*25*).
# Knobs (environment): BENCH_RUN_S (seconds per measured load, default 8), BENCH_WARMUP_S (Switchboard
# warm-up, default 30), BENCH_PORT_BASE (default 18400; uses BASE+1..BASE+9), BENCH_JFR=1 (record a JFR
# profile of the gateway after warm-up into bench/results/jfr/).
set -euo pipefail

BENCH="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd -P)"
ROOT="$(dirname "$BENCH")"
RUN_S="${BENCH_RUN_S:-8}"
WARMUP_S="${BENCH_WARMUP_S:-30}"
BASE="${BENCH_PORT_BASE:-18400}"
MOCK_JSON=$((BASE + 1)) MOCK_SSE=$((BASE + 2)) NGINX=$((BASE + 3)) PORTKEY=$((BASE + 4)) SB=$((BASE + 5))
REFUSING=$((BASE + 9))
STARTED_AT=$(date +%s)

log() { printf '[bench %3ds] %s\n' "$(($(date +%s) - STARTED_AT))" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------------------------------------- tools
find_jdk() {
  if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]] \
      && "$JAVA_HOME/bin/java" -version 2>&1 | grep -Eq 'version "(2[5-9]|[3-9][0-9])'; then
    return 0
  fi
  local c
  for c in /usr/lib/jvm/*25*; do
    [[ -x "$c/bin/java" ]] && { export JAVA_HOME="$c"; return 0; }
  done
  die "no JDK 25 found: set JAVA_HOME"
}

install_tools() {
  local missing=()
  [[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null || missing+=(nginx-light)
  command -v wrk >/dev/null || missing+=(wrk)
  if ((${#missing[@]})); then
    log "installing ${missing[*]} (apt)"
    local sudo=() policy_added=0
    [[ $EUID -ne 0 ]] && sudo=(sudo)
    # Keep the package's own nginx service from starting (it would listen on port 80, all interfaces).
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
      printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee /usr/sbin/policy-rc.d >/dev/null
      "${sudo[@]}" chmod +x /usr/sbin/policy-rc.d
      policy_added=1
    fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    ((policy_added)) && "${sudo[@]}" rm -f /usr/sbin/policy-rc.d
  fi
  command -v node >/dev/null || die "Node 20+ is needed (for Portkey and the stream client)"
  if [[ ! -f "$BENCH/node_modules/.package-lock.json" \
      || "$BENCH/package-lock.json" -nt "$BENCH/node_modules/.package-lock.json" ]]; then
    log "installing npm packages into bench/node_modules"
    (cd "$BENCH" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
  find_jdk
  if [[ ! -f "$ROOT/target/switchboard.jar" || ! -d "$ROOT/target/test-classes/dev/switchboard/bench" \
      || -n "$(cd "$ROOT" && find src pom.xml -newer target/switchboard.jar -print -quit)" ]]; then
    log "building the gateway (mvnw package, tests skipped)"
    (cd "$ROOT" && ./mvnw -q -B -DskipTests package >&2)
    touch "$ROOT/target/switchboard.jar"
  fi
}

# ---------------------------------------------------------------------------------------------- processes
PIDS=()
TMP=""
stop_all() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  PIDS=()
}
cleanup() {
  stop_all
  [[ -n "$TMP" && -d "$TMP" ]] && rm -rf "$TMP"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_http() { # url [curl args...]: until it answers 2xx, up to 60 s
  local url=$1; shift
  for _ in $(seq 300); do
    curl -fsS -o /dev/null --max-time 2 "$@" "$url" 2>/dev/null && return 0
    sleep 0.2
  done
  die "$url did not come up"
}

rss_kb() { # pid... -> summed VmRSS in kB
  local sum=0 pid v
  for pid in "$@"; do
    v=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    sum=$((sum + ${v:-0}))
  done
  echo "$sum"
}

heap_used_kb() { # pid -> used heap in kB right after a full GC
  "$JAVA_HOME/bin/jcmd" "$1" GC.run >/dev/null
  "$JAVA_HOME/bin/jcmd" "$1" GC.heap_info | sed -n 's/.* used \([0-9]*\)K.*/\1/p' | head -1
}

nginx_pids() { echo "$NGINX_PID $(pgrep -P "$NGINX_PID" | tr '\n' ' ')"; }

# ---------------------------------------------------------------------------------------------- load
BODY_JSON='{"model":"MODEL","messages":[{"role":"system","content":"You are a helpful assistant."},{"role":"user","content":"Say hello in five words."}],"max_tokens":32}'
# Streams ask for the usage chunk: Switchboard asks the upstream for it anyway (for its ledger), so without it the
# direct path would get one event fewer from the mock (which paces every event, usage included, 20 ms apart).
BODY_SSE='{"model":"MODEL","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Say hello in twenty words."}]}'
body() { echo "${1/MODEL/$2}"; }

# Per path: base URL for JSON, base URL for streams, model name, headers ("k: v|k: v").
declare -A URL_JSON URL_SSE MODEL HEADERS
PATHS=(direct nginx portkey switchboard)

setup_paths() {
  URL_JSON[direct]="http://127.0.0.1:$MOCK_JSON/v1/chat/completions"
  URL_SSE[direct]="http://127.0.0.1:$MOCK_SSE/v1/chat/completions"
  MODEL[direct]=gpt-4o-mini; HEADERS[direct]="Authorization: Bearer sk-direct"
  URL_JSON[nginx]="http://127.0.0.1:$NGINX/v1/chat/completions"
  URL_SSE[nginx]="http://127.0.0.1:$NGINX/sse/v1/chat/completions"
  MODEL[nginx]=gpt-4o-mini; HEADERS[nginx]="Authorization: Bearer sk-direct"
  URL_JSON[portkey]="http://127.0.0.1:$PORTKEY/v1/chat/completions"
  URL_SSE[portkey]="http://127.0.0.1:$PORTKEY/v1/chat/completions"
  MODEL[portkey]=gpt-4o-mini
  HEADERS[portkey]="Authorization: Bearer sk-direct|x-portkey-provider: openai|x-portkey-custom-host: http://127.0.0.1:$MOCK_JSON/v1"
  HEADERS_SSE_PORTKEY="Authorization: Bearer sk-direct|x-portkey-provider: openai|x-portkey-custom-host: http://127.0.0.1:$MOCK_SSE/v1"
  URL_JSON[switchboard]="http://127.0.0.1:$SB/v1/chat/completions"
  URL_SSE[switchboard]="http://127.0.0.1:$SB/v1/chat/completions"
  MODEL[switchboard]=m-json; HEADERS[switchboard]="Authorization: Bearer $BENCH_KEY"
}

# wrk_json NAME PATH CONNS SECONDS [MODEL]: closed-loop JSON load; writes $OUT/NAME.json
wrk_json() {
  local name=$1 path=$2 conns=$3 secs=$4 model=${5:-${MODEL[$2]}} threads=1
  ((conns > 1)) && threads=2
  BENCH_BODY="$(body "$BODY_JSON" "$model")" BENCH_HEADERS="${HEADERS[$path]}" \
    timeout $((secs + 30)) wrk -t"$threads" -c"$conns" -d"${secs}s" --timeout 10s -s "$BENCH/post.lua" \
    "${URL_JSON[$path]}" > "$OUT/$name.wrk" 2>&1 || log "wrk $name exited $?"
  sed -n 's/^WRKJSON //p' "$OUT/$name.wrk" > "$OUT/$name.json"
  [[ -s "$OUT/$name.json" ]] || { cat "$OUT/$name.wrk" >&2; die "wrk $name printed no result"; }
  log "$name: $(cat "$OUT/$name.json")"
}

# streams NAME PATH CONCURRENCY (--duration-s S | --streams N) [extra args]: writes $OUT/NAME.json
streams() {
  local name=$1 path=$2 conc=$3; shift 3
  local hdrs="${HEADERS[$path]}" model="${MODEL[$path]}" args=()
  [[ $path == portkey ]] && hdrs="$HEADERS_SSE_PORTKEY"
  [[ $path == switchboard ]] && model=m-sse
  local IFS='|'
  for h in $hdrs; do args+=(--header "$h"); done
  unset IFS
  timeout 120 node "$BENCH/stream-client.mjs" --url "${URL_SSE[$path]}" --body "$(body "$BODY_SSE" "$model")" \
    --concurrency "$conc" --timeout-s 30 "${args[@]}" "$@" > "$OUT/$name.json" || log "stream client $name exited $?"
  [[ -s "$OUT/$name.json" ]] || die "stream client $name printed no result"
  log "$name: $(cat "$OUT/$name.json")"
}

mock_behavior() { # port json
  curl -fsS -X PUT -H 'content-type: application/json' -d "$2" "http://127.0.0.1:$1/mock/behavior" >/dev/null
}

ledger_attempts() {
  curl -fsS -H "Authorization: Bearer $ADMIN" "http://127.0.0.1:$SB/api/usage?group_by=model" \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);
        console.log(j.data.reduce((a,r)=>a+(r.attempts||0),0))})'
}

# ---------------------------------------------------------------------------------------------- main
install_tools
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
(( $(ulimit -n) >= 4096 )) || die "open-file limit $(ulimit -n) is too low for 1,000 streams"
for p in $MOCK_JSON $MOCK_SSE $NGINX $PORTKEY $SB $REFUSING; do
  port_free "$p" || die "port $p is in use (set BENCH_PORT_BASE)"
done
TMP="$(mktemp -d "${TMPDIR:-/tmp}/sb-bench.XXXXXX")"
OUT="$TMP/out"
mkdir -p "$OUT" "$BENCH/results"
export BENCH_KEY="sk-sb-bench-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
ADMIN="sb-admin-bench-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export BENCH_MOCK_JSON_PORT=$MOCK_JSON BENCH_MOCK_SSE_PORT=$MOCK_SSE BENCH_REFUSING_PORT=$REFUSING
JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED)
JAR="$ROOT/target/switchboard.jar"

log "starting mock upstreams on :$MOCK_JSON (JSON) and :$MOCK_SSE (20 chunks, 20 ms apart)"
"${JAVA[@]}" -jar "$JAR" mock-upstream --port "$MOCK_JSON" --name j > "$TMP/mock-json.log" 2>&1 &
PIDS+=($!); MOCK_JSON_PID=$!
# The mock splits "Hello from NAME" into at most one chunk per character: the name makes it long enough for 20.
"${JAVA[@]}" -jar "$JAR" mock-upstream --port "$MOCK_SSE" --name stream-mock-of-twenty-chunks --chunks 20 --chunk-interval-ms 20 \
  > "$TMP/mock-sse.log" 2>&1 &
PIDS+=($!)

log "starting nginx on :$NGINX"
mkdir -p "$TMP/nginx"
cat > "$TMP/nginx/nginx.conf" <<EOF
worker_processes auto;
worker_rlimit_nofile 16384;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path $TMP/nginx/body;
  proxy_temp_path $TMP/nginx/proxy;
  upstream json { server 127.0.0.1:$MOCK_JSON; keepalive 256; }
  upstream sse  { server 127.0.0.1:$MOCK_SSE;  keepalive 256; }
  server {
    listen 127.0.0.1:$NGINX backlog=4096;
    keepalive_requests 100000;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    location /sse/ { proxy_pass http://sse/; proxy_buffering off; proxy_read_timeout 60s; }
    location /     { proxy_pass http://json; }
  }
}
EOF
/usr/sbin/nginx -p "$TMP/nginx" -c "$TMP/nginx/nginx.conf" -g 'daemon off;' > "$TMP/nginx/stdout.log" 2>&1 &
PIDS+=($!); NGINX_PID=$!

log "starting Portkey gateway on :$PORTKEY"
(cd "$BENCH" && NODE_ENV=production exec node --require ./portkey-preload.cjs \
  node_modules/@portkey-ai/gateway/build/start-server.js --port="$PORTKEY" --headless) > "$TMP/portkey.log" 2>&1 &
PIDS+=($!); PORTKEY_PID=$!

log "starting Switchboard on :$SB"
mkdir -p "$TMP/sb-data"
(cd "$TMP" && SWITCHBOARD_ADMIN_TOKEN="$ADMIN" SWITCHBOARD_FAILOVER_COOLDOWN=0 exec "${JAVA[@]}" -jar "$JAR" serve \
  --config "$BENCH/catalog.yaml" --port "$SB" --data-dir "$TMP/sb-data") > "$TMP/switchboard.log" 2>&1 &
PIDS+=($!); SB_PID=$!

setup_paths
wait_http "http://127.0.0.1:$MOCK_JSON/v1/models"
wait_http "http://127.0.0.1:$MOCK_SSE/v1/models"
wait_http "http://127.0.0.1:$SB/healthz"
wait_http "http://127.0.0.1:$NGINX/v1/models"
wait_http "http://127.0.0.1:$PORTKEY/"
for p in "${PATHS[@]}"; do # one real answer per path, or stop here
  hdr=(); IFS='|' read -ra hs <<< "${HEADERS[$p]}"; for h in "${hs[@]}"; do hdr+=(-H "$h"); done
  curl -fsS --max-time 10 "${hdr[@]}" -H 'content-type: application/json' -d "$(body "$BODY_JSON" "${MODEL[$p]}")" \
    "${URL_JSON[$p]}" | grep -q 'Hello from j' || die "$p does not answer a chat completion"
done
sleep 2
RSS_IDLE_SB=$(rss_kb $SB_PID); RSS_IDLE_NGINX=$(rss_kb $(nginx_pids)); RSS_IDLE_PORTKEY=$(rss_kb $PORTKEY_PID)
log "idle RSS: switchboard ${RSS_IDLE_SB} kB, nginx ${RSS_IDLE_NGINX} kB, portkey ${RSS_IDLE_PORTKEY} kB"

# --- warm-up (results discarded)
log "warm-up: Switchboard ${WARMUP_S}s (JSON, failover, streams), Portkey 10s, nginx and direct 3s"
W="$OUT/warmup"; mkdir -p "$W"
OUT_SAVED=$OUT; OUT=$W
wrk_json sb-json switchboard 32 $((WARMUP_S * 2 / 3))
wrk_json sb-failover switchboard 4 $((WARMUP_S / 6)) failover
wrk_json sb-cooling switchboard 4 2 failover-cooling
streams sb-sse switchboard 64 --duration-s $((WARMUP_S / 6))
wrk_json pk-json portkey 32 8
streams pk-sse portkey 16 --duration-s 2
wrk_json ng-json nginx 32 3
wrk_json di-json direct 32 3
OUT=$OUT_SAVED

if [[ "${BENCH_JFR:-0}" == 1 ]]; then
  mkdir -p "$BENCH/results/jfr"
  JFR_FILE="$BENCH/results/jfr/switchboard-$(date -u +%Y%m%dT%H%M%SZ).jfr"
  "$JAVA_HOME/bin/jcmd" "$SB_PID" JFR.start name=bench settings=profile filename="$JFR_FILE" >/dev/null
  log "JFR recording to $JFR_FILE"
fi

# --- non-streaming, c=1 and c=32
for p in "${PATHS[@]}"; do wrk_json "json-c1-$p" "$p" 1 "$RUN_S"; done
wrk_json json-c1-failover switchboard 1 "$RUN_S" failover
wrk_json json-c1-failover-cooling switchboard 1 "$RUN_S" failover-cooling
for p in direct nginx portkey; do wrk_json "json-c32-$p" "$p" 32 "$RUN_S"; done
BEFORE=$(ledger_attempts)
wrk_json json-c32-switchboard switchboard 32 "$RUN_S"
# Ledger, end to end: every answered request must become a row within a couple of batch intervals.
SENT=$(node -e 'const j=require(process.argv[1]);console.log(j.requests)' "$OUT/json-c32-switchboard.json")
t0=$(date +%s%N); LAG_MS=-1
for _ in $(seq 200); do
  NOW=$(ledger_attempts)
  if ((NOW - BEFORE >= SENT)); then LAG_MS=$((($(date +%s%N) - t0) / 1000000)); break; fi
  sleep 0.05
done
echo "{\"sent\":$SENT,\"rows\":$((NOW - BEFORE)),\"catch_up_ms\":$LAG_MS}" > "$OUT/ledger-e2e.json"
log "ledger end to end: $(cat "$OUT/ledger-e2e.json")"

# --- streaming
for p in "${PATHS[@]}"; do streams "sse-c1-$p" "$p" 1 --duration-s "$RUN_S"; done
for p in "${PATHS[@]}"; do streams "sse-c64-$p" "$p" 64 --duration-s "$RUN_S"; done
for p in "${PATHS[@]}"; do streams "sse-c1000-$p" "$p" 1000 --streams 1000; sleep 1; done

if [[ -n "${JFR_FILE:-}" ]]; then
  "$JAVA_HOME/bin/jcmd" "$SB_PID" JFR.stop name=bench >/dev/null
fi

# --- memory: idle after load, then 1,000 streams held open (200 ms between chunks: ~4 s per stream)
sleep 3
RSS_AFTER_SB=$(rss_kb $SB_PID); RSS_AFTER_NGINX=$(rss_kb $(nginx_pids)); RSS_AFTER_PORTKEY=$(rss_kb $PORTKEY_PID)
mock_behavior "$MOCK_SSE" '{"behavior":"ok","chunks":20,"chunk_interval_ms":200}'
streams hold-switchboard switchboard 1000 --streams 1000 --pids "$SB_PID"
# The JVM keeps the heap it grew under load, so RSS hardly moves: also take the live heap after a full GC, without
# streams and with 400 open (below the gateway's 512 upstream connections per provider, so all are relaying).
HEAP_IDLE=$(heap_used_kb "$SB_PID")
streams heap-switchboard switchboard 400 --streams 400 &
HOLD_PID=$!
sleep 1.5
OPEN_NOW=$(curl -fsS "http://127.0.0.1:$MOCK_SSE/mock/stats" | sed -n 's/.*"in_flight":\([0-9]*\).*/\1/p')
HEAP_OPEN=$(heap_used_kb "$SB_PID")
wait "$HOLD_PID"
echo "{\"idle_kb\":$HEAP_IDLE,\"with_streams_kb\":$HEAP_OPEN,\"open\":${OPEN_NOW:-0}}" > "$OUT/heap.json"
log "live heap: $(cat "$OUT/heap.json")"
streams hold-nginx nginx 1000 --streams 1000 --pids "$(nginx_pids | tr ' ' ',')"
streams hold-portkey portkey 1000 --streams 1000 --pids "$PORTKEY_PID"
mock_behavior "$MOCK_SSE" '{"behavior":"ok","chunks":20,"chunk_interval_ms":20}'
cat > "$OUT/rss.json" <<EOF
{"idle":{"switchboard":$RSS_IDLE_SB,"nginx":$RSS_IDLE_NGINX,"portkey":$RSS_IDLE_PORTKEY},
 "after":{"switchboard":$RSS_AFTER_SB,"nginx":$RSS_AFTER_NGINX,"portkey":$RSS_AFTER_PORTKEY}}
EOF

# --- stop the servers, then the ledger on its own (SQLite, the gateway's batch settings)
stop_all
log "ledger alone: 5,000 attempts/s for 4 s, then a 50,000 burst"
"${JAVA[@]}" -cp "$ROOT/target/test-classes:$ROOT/target/classes:$ROOT/target/lib/*" \
  dev.switchboard.bench.LedgerThroughput 5000 4 50000 2>/dev/null | sed -n 's/^LEDGERJSON //p' > "$OUT/ledger.json"
log "ledger: $(cat "$OUT/ledger.json")"

# --- report
COMMIT="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
git -C "$ROOT" diff --quiet HEAD 2>/dev/null || COMMIT="$COMMIT (uncommitted changes)"
STAMP="$(date -u +%Y-%m-%dT%H%MZ)"
RESULT="$BENCH/results/$(date -u +%Y-%m-%d-%H%M)-${COMMIT%% *}.md"
BENCH_META="$(node -e 'console.log(JSON.stringify({date:process.argv[1],commit:process.argv[2],
  cpu:process.argv[3],cores:+process.argv[4],mem:process.argv[5],jdk:process.argv[6],nginx:process.argv[7],
  wrk:process.argv[8],node:process.version,run_s:+process.argv[9],warmup_s:+process.argv[10],jfr:process.argv[11]==="1"}))' \
  "$STAMP" "$COMMIT" "$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)" "$(nproc)" \
  "$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)" \
  "$("$JAVA_HOME/bin/java" -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')" \
  "$(/usr/sbin/nginx -v 2>&1 | sed 's/.*nginx\///')" "$(wrk -v 2>&1 | head -1 | awk '{print $2}')" \
  "$RUN_S" "$WARMUP_S" "${BENCH_JFR:-0}")"
BENCH_META="$BENCH_META" node "$BENCH/report.mjs" "$OUT" > "$RESULT"
cat "$RESULT"
log "wrote ${RESULT#"$ROOT"/}"
