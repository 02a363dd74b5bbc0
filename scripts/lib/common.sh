# shellcheck shell=bash
# Shared by every script: where the repository is, logging, and the few system facts the others ask
# (are we root, is this Debian/Ubuntu, installing a Debian package).

[ -n "${CANOPY_COMMON_LOADED:-}" ] && return 0
CANOPY_COMMON_LOADED=1

CANOPY_ROOT=${CANOPY_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
DATA_DIR="$CANOPY_ROOT/.data"
# shellcheck disable=SC2034 # used by the scripts that source this file
RUN_DIR="$DATA_DIR/run"
# shellcheck disable=SC2034
LOG_DIR="$DATA_DIR/logs"
PROBE="$CANOPY_ROOT/scripts/lib/probe.mjs"

log() { printf '\033[1;32m[canopy]\033[0m %s\n' "$*" >&2; }
warn() { printf '\033[1;33m[canopy]\033[0m %s\n' "$*" >&2; }
die() {
  printf '\033[1;31m[canopy]\033[0m %s\n' "$*" >&2
  exit 1
}

is_root() { [ "$(id -u)" = 0 ]; }

is_debian_like() { [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; }

can_apt_install() { is_root && is_debian_like; }

APT_UPDATED=""
# apt_install PACKAGE...: installs Debian packages, refreshing the package lists once per run
# (a fresh machine or container often has none).
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "$APT_UPDATED" ]; then
    log "apt-get update"
    apt-get update -qq >&2 || warn "apt-get update failed; trying the install with the lists there are"
    APT_UPDATED=1
  fi
  log "apt-get install -y $*"
  apt-get install -y -qq --no-install-recommends "$@" >&2
}

# wait_until SECONDS DESCRIPTION COMMAND...: polls COMMAND twice a second until it succeeds.
wait_until() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || {
      warn "$what did not come up within ${seconds}s"
      return 1
    }
    sleep 0.5
  done
}

probe() { node "$PROBE" "$@"; }

# load_dotenv: reads KEY=VALUE lines from .env at the repository root (see .env.example). Variables
# already in the environment win, so `PORT=4000 ./scripts/start` overrides the file.
load_dotenv() {
  local file="$CANOPY_ROOT/.env" line key value
  [ -f "$file" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    case "$line" in '' | '#'*) continue ;; esac
    line="${line#export }"
    key="${line%%=*}"
    value="${line#*=}"
    [[ "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    case "$value" in
      \"*\") value="${value:1:${#value}-2}" ;;
      \'*\') value="${value:1:${#value}-2}" ;;
    esac
    [ -n "${!key+set}" ] || export "$key=$value"
  done <"$file"
}

# ensure_secrets_key: the key that seals secrets stored in the database (CANOPY_SECRETS_KEY). When neither
# the environment nor .env sets one, a key made once on this machine is kept in .data/secrets.key (readable
# by its owner only) and used from then on: a new key would leave the stored secrets unreadable.
ensure_secrets_key() {
  [ -n "${CANOPY_SECRETS_KEY:-}" ] && return 0
  local file="$DATA_DIR/secrets.key"
  if [ ! -s "$file" ]; then
    mkdir -p "$DATA_DIR"
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64'))" >"$file")
    log "made a secrets key for this machine in $file (set CANOPY_SECRETS_KEY to use your own)"
  fi
  CANOPY_SECRETS_KEY="$(cat "$file")"
  export CANOPY_SECRETS_KEY
}
