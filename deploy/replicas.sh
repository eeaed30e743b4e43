#!/usr/bin/env bash
# Starts N `vignette serve` replicas behind nginx, all on loopback.
#
#   deploy/replicas.sh start N CONFIG [PORT]   nginx on 127.0.0.1:PORT (default 8080),
#                                              replicas on PORT+1 … PORT+N
#   deploy/replicas.sh stop                    SIGTERM to each replica (they drain), nginx quits
#   deploy/replicas.sh status
#
# VIGNETTE_BIN (default .build/release/vignette) and VIGNETTE_DEPLOY_DIR
# (default .build/deploy: pid files, logs, nginx's cache) may be set;
# VIGNETTE_BALANCE=round-robin replaces the consistent hash by source
# (the default, `hash`) to compare the two (deploy/README.md).
# nginx comes from Debian (nginx-light), installed with apt-get when missing.
set -euo pipefail
PATH=$PATH:/usr/sbin  # where Debian puts nginx, absent from some users' PATH
cd "$(dirname "$0")/.."
RUN=${VIGNETTE_DEPLOY_DIR:-$PWD/.build/deploy}
BIN=${VIGNETTE_BIN:-$PWD/.build/release/vignette}
BALANCE=${VIGNETTE_BALANCE:-hash}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

need_nginx() {
    command -v nginx >/dev/null && return
    echo "==> installing nginx-light (apt-get)" >&2
    $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq -o DPkg::Lock::Timeout=300 nginx-light >&2
}

wait_port() {  # port: wait until something accepts on 127.0.0.1:port (10 s)
    for _ in $(seq 1 200); do
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
        sleep 0.05
    done
    echo "nothing listens on 127.0.0.1:$1" >&2
    return 1
}

start() {
    local count=$1 config=$2 port=${3:-8080} balance
    [ -x "$BIN" ] || { echo "no $BIN: swift build -c release --product vignette" >&2; exit 1; }
    case "$BALANCE" in
        hash) balance="        hash \$vignette_source consistent;" ;;
        round-robin) balance="        # round-robin (VIGNETTE_BALANCE=round-robin)" ;;
        *) echo "VIGNETTE_BALANCE: hash or round-robin, not '$BALANCE'" >&2; exit 64 ;;
    esac
    need_nginx
    stop 2>/dev/null || true
    mkdir -p "$RUN/tmp" "$RUN/cache"
    local upstreams=""
    for i in $(seq 1 "$count"); do
        local p=$((port + i))
        "$BIN" serve --config "$config" --host 127.0.0.1 --port "$p" >"$RUN/replica-$i.log" 2>&1 &
        echo $! >"$RUN/replica-$i.pid"
        upstreams+="        server 127.0.0.1:$p max_fails=1 fail_timeout=2s;"$'\n'
    done
    for i in $(seq 1 "$count"); do wait_port $((port + i)) || { stop; exit 1; }; done
    local conf="$RUN/nginx.conf" user=""
    if [ "$(id -u)" = 0 ]; then  # workers drop to www-data: they own the cache and temp folders
        user="user www-data;"
        chown -R www-data "$RUN/cache" "$RUN/tmp"
    fi
    BALANCE_LINE="$balance" UPSTREAMS="$upstreams" RUN_DIR="$RUN" PORT="$port" NGINX_USER="$user" python3 - deploy/nginx.conf "$conf" <<'PY'
import os, sys
text = open(sys.argv[1]).read()
text = text.replace('@UPSTREAMS@', os.environ['UPSTREAMS'].rstrip('\n')).replace('@RUN@', os.environ['RUN_DIR'])
text = text.replace('@BALANCE@', os.environ['BALANCE_LINE'])
text = text.replace('@USER@', os.environ['NGINX_USER'])
open(sys.argv[2], 'w').write(text.replace('@PORT@', os.environ['PORT']))
PY
    nginx -c "$conf" -p "$RUN" -e "$RUN/nginx-error.log" || { stop; exit 1; }
    wait_port "$port" || { stop; exit 1; }
    echo "nginx on 127.0.0.1:$port ($BALANCE) in front of $count replicas (127.0.0.1:$((port + 1))-$((port + count)))"
}

gone() {  # pid: wait until it has exited (10 s), then SIGKILL it
    for _ in $(seq 1 200); do
        kill -0 "$1" 2>/dev/null || return 0
        [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = Z ] && return 0  # exited, not yet reaped by its parent
        sleep 0.05
    done
    echo "pid $1 still running after 10 s: SIGKILL" >&2
    kill -KILL "$1" 2>/dev/null || true
}

# Stops what `start` started, by the pids it recorded, and waits for it to
# exit, so that the ports are free when this returns.
stop() {
    local pids=()
    if [ -f "$RUN/nginx.pid" ]; then
        pids+=("$(cat "$RUN/nginx.pid")")
        kill -QUIT "${pids[-1]}" 2>/dev/null || true
    fi
    for pidfile in "$RUN"/replica-*.pid; do
        [ -f "$pidfile" ] || continue
        pids+=("$(cat "$pidfile")")
        kill -TERM "${pids[-1]}" 2>/dev/null || true
        rm -f "$pidfile"
    done
    for pid in "${pids[@]}"; do gone "$pid"; done
    rm -f "$RUN/nginx.pid"
}

status() {
    for pidfile in "$RUN"/replica-*.pid; do
        [ -f "$pidfile" ] || continue
        local pid; pid=$(cat "$pidfile")
        if kill -0 "$pid" 2>/dev/null; then echo "$(basename "$pidfile" .pid): running ($pid)"; else echo "$(basename "$pidfile" .pid): gone"; fi
    done
    [ -f "$RUN/nginx.pid" ] && echo "nginx: $(cat "$RUN/nginx.pid")" || echo "nginx: not running"
}

case "${1:-}" in
    start) shift; [ $# -ge 2 ] || { echo "usage: $0 start N CONFIG [PORT]" >&2; exit 64; }; start "$@" ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 start N CONFIG [PORT] | stop | status" >&2; exit 64 ;;
esac
