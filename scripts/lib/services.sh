# shellcheck shell=bash
# Finds or brings up PostgreSQL and Redis, and exports DATABASE_URL and REDIS_URL for what follows.
# In order, for each of the two:
#   1. DATABASE_URL / REDIS_URL when set and reachable;
#   2. a server already answering on 127.0.0.1:5432 / :6379 (CANOPY_PROBE_PG_PORT / CANOPY_PROBE_REDIS_PORT
#      change the ports probed);
#   3. a private server started from the system's binaries, kept under .data/ on a private port;
#   4. on Debian/Ubuntu as root: apt-get install postgresql redis-server, then 3;
#   5. with a Docker engine: `docker compose up -d postgres redis`.
# Requires the toolchain (node, pnpm install) because the reachability checks use the workspace's clients.

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

PG_DATA_DIR="$DATA_DIR/postgres"
PG_PORT_FILE="$DATA_DIR/postgres.port"
REDIS_DATA_DIR="$DATA_DIR/redis"
REDIS_PORT_FILE="$DATA_DIR/redis.port"
PG_PRIVATE_PORT_BASE=54329
REDIS_PRIVATE_PORT_BASE=63799
DATABASE_NAME=canopy

# What this run started, so that a caller can stop exactly that (scripts/test does, scripts/start leaves
# them running for the next start).
STARTED_PRIVATE_POSTGRES=""
STARTED_PRIVATE_REDIS=""

postgres_reachable() { probe postgres "$1" 2>/dev/null; }
redis_reachable() { probe redis "$1" 2>/dev/null; }

# ─── PostgreSQL ──────────────────────────────────────────────────────────────

find_postgres_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && {
      echo "$dir"
      return 0
    }
  fi
  # Debian keeps the server binaries off PATH, one folder per major version: take the newest.
  dir="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n1)"
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && {
    echo "$dir"
    return 0
  }
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

# initdb and postgres refuse to run as root: as root the private cluster belongs to the `postgres`
# system user (there whenever Debian's server package is), else to a dedicated `canopy-db` user.
postgres_owner() {
  is_root || {
    id -un
    return 0
  }
  if id postgres >/dev/null 2>&1; then
    echo postgres
    return 0
  fi
  id canopy-db >/dev/null 2>&1 ||
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin canopy-db ||
    die "could not create the canopy-db user to own the private PostgreSQL cluster"
  echo canopy-db
}

as_postgres_owner() {
  local owner
  owner="$(postgres_owner)"
  if [ "$owner" = "$(id -un)" ]; then
    "$@"
  else
    runuser -u "$owner" -- "$@"
  fi
}

# choose_private_port PORT_FILE BASE: keeps the port recorded for this checkout while it is free, so
# URLs stay stable across restarts, and moves to the next free one when something else took it.
choose_private_port() {
  local wanted=$2 port
  [ -s "$1" ] && wanted="$(cat "$1")"
  port="$(probe free-port 127.0.0.1 "$wanted")" || die "no free port for a private server"
  echo "$port" >"$1"
  echo "$port"
}

private_postgres_url() { echo "postgresql://postgres@127.0.0.1:$(cat "$PG_PORT_FILE")/$DATABASE_NAME"; }

private_postgres_running() {
  [ -f "$PG_DATA_DIR/PG_VERSION" ] || return 1
  local bindir
  bindir="$(find_postgres_bindir)" || return 1
  as_postgres_owner "$bindir/pg_ctl" -D "$PG_DATA_DIR" status >/dev/null 2>&1
}

start_private_postgres() {
  local bindir owner port
  bindir="$(find_postgres_bindir)" || return 1
  owner="$(postgres_owner)"
  mkdir -p "$PG_DATA_DIR" "$LOG_DIR"
  if is_root; then
    chown "$owner" "$PG_DATA_DIR"
    chmod 700 "$PG_DATA_DIR"
    as_postgres_owner test -w "$PG_DATA_DIR" ||
      die "$owner cannot reach $PG_DATA_DIR (a parent folder is closed to other users); clone Canopy somewhere $owner can traverse, or set DATABASE_URL"
  fi
  if [ ! -f "$PG_DATA_DIR/PG_VERSION" ]; then
    log "creating a private PostgreSQL cluster in .data/postgres (owner $owner)"
    as_postgres_owner "$bindir/initdb" -D "$PG_DATA_DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
      >"$LOG_DIR/postgres-initdb.log" 2>&1 ||
      as_postgres_owner "$bindir/initdb" -D "$PG_DATA_DIR" -U postgres --auth=trust -E UTF8 --locale=C \
        >"$LOG_DIR/postgres-initdb.log" 2>&1 || {
      cat "$LOG_DIR/postgres-initdb.log" >&2
      die "initdb failed"
    }
  fi
  if ! private_postgres_running; then
    port="$(choose_private_port "$PG_PORT_FILE" "$PG_PRIVATE_PORT_BASE")"
    log "starting the private PostgreSQL on 127.0.0.1:$port"
    # The log lives in the data folder because the cluster's owner, not the caller, writes it. Unix
    # sockets are off: a deep checkout path can exceed their length limit, and TCP is all Canopy uses.
    as_postgres_owner "$bindir/pg_ctl" -D "$PG_DATA_DIR" -l "$PG_DATA_DIR/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=''" start >/dev/null || {
      tail -n 30 "$PG_DATA_DIR/server.log" >&2 || true
      die "the private PostgreSQL did not start (log: .data/postgres/server.log)"
    }
    STARTED_PRIVATE_POSTGRES=1
  fi
  wait_until 30 "the private PostgreSQL" postgres_reachable "$(private_postgres_url)"
}

stop_private_postgres() {
  private_postgres_running || return 0
  log "stopping the private PostgreSQL"
  as_postgres_owner "$(find_postgres_bindir)/pg_ctl" -D "$PG_DATA_DIR" stop -m fast -w >/dev/null
}

# ─── Redis ───────────────────────────────────────────────────────────────────

private_redis_url() { echo "redis://127.0.0.1:$(cat "$REDIS_PORT_FILE")"; }

private_redis_running() {
  local pid
  [ -s "$REDIS_DATA_DIR/redis.pid" ] || return 1
  pid="$(cat "$REDIS_DATA_DIR/redis.pid")"
  kill -0 "$pid" 2>/dev/null
}

start_private_redis() {
  command -v redis-server >/dev/null 2>&1 || return 1
  local port
  mkdir -p "$REDIS_DATA_DIR"
  if ! private_redis_running; then
    port="$(choose_private_port "$REDIS_PORT_FILE" "$REDIS_PRIVATE_PORT_BASE")"
    log "starting a private Redis on 127.0.0.1:$port (data in .data/redis)"
    # appendonly keeps queued jobs across restarts; the folder is private to this checkout.
    redis-server --port "$port" --bind 127.0.0.1 --dir "$REDIS_DATA_DIR" --daemonize yes \
      --pidfile "$REDIS_DATA_DIR/redis.pid" --logfile "$REDIS_DATA_DIR/redis.log" \
      --appendonly yes --save "" >/dev/null || die "redis-server did not start (log: .data/redis/redis.log)"
    STARTED_PRIVATE_REDIS=1
  fi
  wait_until 30 "the private Redis" redis_reachable "$(private_redis_url)"
}

stop_private_redis() {
  private_redis_running || return 0
  log "stopping the private Redis"
  local pid
  pid="$(cat "$REDIS_DATA_DIR/redis.pid")"
  kill "$pid"
  wait_until 30 "Redis shutdown" bash -c "! kill -0 $pid"
}

# ─── Docker ──────────────────────────────────────────────────────────────────

docker_engine_available() {
  command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1 && docker compose version >/dev/null 2>&1
}

DOCKER_SERVICES_STARTED=""
start_docker_services() {
  [ -n "$DOCKER_SERVICES_STARTED" ] && return 0
  docker_engine_available || return 1
  log "starting postgres and redis with docker compose"
  (cd "$CANOPY_ROOT" && docker compose up -d --wait postgres redis >&2) || return 1
  mkdir -p "$RUN_DIR"
  touch "$RUN_DIR/docker-services"
  DOCKER_SERVICES_STARTED=1
}

docker_postgres_url() {
  echo "postgresql://postgres:${POSTGRES_PASSWORD:-canopy}@127.0.0.1:${POSTGRES_PUBLISH_PORT:-5432}/$DATABASE_NAME"
}
docker_redis_url() { echo "redis://127.0.0.1:${REDIS_PUBLISH_PORT:-6379}"; }

# ─── Choosing ────────────────────────────────────────────────────────────────

install_server_packages() {
  can_apt_install || return 1
  apt_install postgresql redis-server || return 1
}

ensure_postgres() {
  if [ -n "${DATABASE_URL:-}" ]; then
    postgres_reachable "$DATABASE_URL" && {
      log "PostgreSQL: using DATABASE_URL"
      return 0
    }
    warn "DATABASE_URL is set but its server does not answer; looking for another PostgreSQL"
  fi
  local standard="postgresql://postgres@127.0.0.1:${CANOPY_PROBE_PG_PORT:-5432}/$DATABASE_NAME"
  if postgres_reachable "$standard"; then
    log "PostgreSQL: using the server on 127.0.0.1:${CANOPY_PROBE_PG_PORT:-5432}"
    export DATABASE_URL="$standard"
    return 0
  fi
  if find_postgres_bindir >/dev/null || install_server_packages; then
    start_private_postgres && {
      log "PostgreSQL: using the private server in .data/postgres"
      export DATABASE_URL
      DATABASE_URL="$(private_postgres_url)"
      return 0
    }
  fi
  if start_docker_services && wait_until 60 "PostgreSQL in Docker" postgres_reachable "$(docker_postgres_url)"; then
    log "PostgreSQL: using the docker compose service"
    export DATABASE_URL
    DATABASE_URL="$(docker_postgres_url)"
    return 0
  fi
  die "no PostgreSQL: set DATABASE_URL, run one on 127.0.0.1:5432, install PostgreSQL's server binaries (Debian: apt-get install postgresql), or run a Docker engine"
}

ensure_redis() {
  if [ -n "${REDIS_URL:-}" ]; then
    redis_reachable "$REDIS_URL" && {
      log "Redis: using REDIS_URL"
      return 0
    }
    warn "REDIS_URL is set but its server does not answer; looking for another Redis"
  fi
  local standard="redis://127.0.0.1:${CANOPY_PROBE_REDIS_PORT:-6379}"
  if redis_reachable "$standard"; then
    log "Redis: using the server on 127.0.0.1:${CANOPY_PROBE_REDIS_PORT:-6379}"
    export REDIS_URL="$standard"
    return 0
  fi
  if command -v redis-server >/dev/null 2>&1 || install_server_packages; then
    start_private_redis && {
      log "Redis: using the private server in .data/redis"
      export REDIS_URL
      REDIS_URL="$(private_redis_url)"
      return 0
    }
  fi
  if start_docker_services && wait_until 60 "Redis in Docker" redis_reachable "$(docker_redis_url)"; then
    log "Redis: using the docker compose service"
    export REDIS_URL
    REDIS_URL="$(docker_redis_url)"
    return 0
  fi
  die "no Redis: set REDIS_URL, run one on 127.0.0.1:6379, install redis-server (Debian: apt-get install redis-server), or run a Docker engine"
}

ensure_services() {
  mkdir -p "$DATA_DIR" "$LOG_DIR"
  ensure_postgres
  ensure_redis
}

# stop_private_services started|all: the private servers this shell started (scripts/test), or every
# private server running under .data/ (scripts/stop).
stop_private_services() {
  if [ "$1" = all ] || [ -n "$STARTED_PRIVATE_REDIS" ]; then stop_private_redis; fi
  if [ "$1" = all ] || [ -n "$STARTED_PRIVATE_POSTGRES" ]; then stop_private_postgres; fi
}
