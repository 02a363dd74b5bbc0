# shellcheck shell=bash
# Sourced by scripts/start and scripts/test: puts Node >= 22.19 and pnpm on PATH, bringing them from the
# npm registry into .tools/ when the machine lacks them, installs the workspace's dependencies, generates
# the Prisma client, and finds (or installs, on Debian as root) the Chromium that scanning and the
# end-to-end tests drive. Nothing here downloads from anywhere but the npm registry and Debian's apt.

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

TOOLS_DIR="$CANOPY_ROOT/.tools"
NODE_MIN="22.19.0"
NODE_PACKAGE_VERSION="22"
# npm runs on the machine's own Node: npm finds its global config (registry, proxy, cafile) next to the
# Node it runs on, so under the Node in .tools it would lose the machine's settings.
MACHINE_PATH="${MACHINE_PATH:-$PATH}"
PNPM_VERSION="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' "$CANOPY_ROOT/package.json")"

version_at_least() { # version_at_least 22.23.3 22.19.0
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

# The npm registry publishes Node itself as node-<platform>-<arch> (the package `node` installs it the
# same way), so a machine with any npm can fetch Node 22 without another download host.
node_platform_package() {
  local platform arch
  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=darwin ;;
    *) die "unsupported operating system $(uname -s)" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "unsupported CPU architecture $(uname -m)" ;;
  esac
  echo "node-$platform-$arch"
}

machine_npm() { PATH="$MACHINE_PATH" npm "$@"; }

ensure_npm() {
  PATH="$MACHINE_PATH" command -v npm >/dev/null 2>&1 && return 0
  if can_apt_install; then
    # Debian's own Node is too old to run Canopy, but its npm is enough to fetch Node 22.
    apt_install nodejs npm || die "could not install nodejs and npm with apt"
    return 0
  fi
  die "Node.js >= $NODE_MIN, or at least npm to fetch it, is needed (e.g. apt-get install nodejs npm)"
}

ensure_node() {
  if [ -x "$TOOLS_DIR/node/bin/node" ]; then
    export PATH="$TOOLS_DIR/node/bin:$PATH"
  fi
  local current=""
  command -v node >/dev/null 2>&1 && current="$(node -p 'process.versions.node' 2>/dev/null || true)"
  if [ -n "$current" ] && version_at_least "$current" "$NODE_MIN"; then
    return 0
  fi
  ensure_npm
  local package tmp
  package="$(node_platform_package)"
  log "Node ${current:-absent} is older than $NODE_MIN: bringing $package@$NODE_PACKAGE_VERSION from the npm registry into .tools/node"
  tmp="$(mktemp -d)"
  (cd "$tmp" && machine_npm pack --silent "$package@$NODE_PACKAGE_VERSION" >/dev/null) || die "could not fetch $package from the npm registry"
  tar -xzf "$tmp"/node-*.tgz -C "$tmp"
  rm -rf "$TOOLS_DIR/node"
  mkdir -p "$TOOLS_DIR/node/bin"
  mv "$tmp/package/bin/node" "$TOOLS_DIR/node/bin/node"
  rm -rf "$tmp"
  export PATH="$TOOLS_DIR/node/bin:$PATH"
  version_at_least "$(node -p 'process.versions.node')" "$NODE_MIN" || die "Node from the registry is still older than $NODE_MIN"
}

ensure_pnpm() {
  export PATH="$TOOLS_DIR/pnpm/node_modules/.bin:$PATH"
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    return 0
  fi
  ensure_npm
  log "installing pnpm $PNPM_VERSION into .tools/pnpm"
  mkdir -p "$TOOLS_DIR/pnpm"
  machine_npm install --silent --no-audit --no-fund --prefix "$TOOLS_DIR/pnpm" "pnpm@$PNPM_VERSION" >/dev/null || die "could not install pnpm"
}

# A stamp of the inputs tells whether a step's output is current, so a second run skips it.
inputs_hash() { cat "$@" 2>/dev/null | sha256sum | cut -d' ' -f1; }

ensure_dependencies() {
  local stamp="$CANOPY_ROOT/node_modules/.canopy-lock-stamp" want
  want="$(inputs_hash "$CANOPY_ROOT/pnpm-lock.yaml" "$CANOPY_ROOT/package.json")"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  log "installing dependencies (pnpm install)"
  (cd "$CANOPY_ROOT" && pnpm install --frozen-lockfile --config.confirmModulesPurge=false >&2) || die "pnpm install failed"
  echo "$want" >"$stamp"
}

ensure_prisma_client() {
  local stamp="$CANOPY_ROOT/packages/db/src/generated/.canopy-schema-stamp" want
  want="$(inputs_hash "$CANOPY_ROOT/prisma/schema.prisma" "$CANOPY_ROOT/pnpm-lock.yaml")"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  log "generating the Prisma client (pnpm db:generate)"
  (cd "$CANOPY_ROOT" && pnpm db:generate >"$LOG_DIR/db-generate.log" 2>&1) || {
    cat "$LOG_DIR/db-generate.log" >&2
    die "pnpm db:generate failed"
  }
  echo "$want" >"$stamp"
}

ensure_toolchain() {
  mkdir -p "$LOG_DIR" "$RUN_DIR"
  ensure_node
  ensure_pnpm
  ensure_dependencies
  ensure_prisma_client
}

# Debian ships Chromium as /usr/bin/chromium (a wrapper script around /usr/lib/chromium/chromium).
# CHROMIUM_PATH overrides the search.
find_chromium() {
  local candidate
  for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/lib/chromium/chromium; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && {
      echo "$candidate"
      return 0
    }
  done
  return 1
}

# ensure_chromium warn|require: scanning (the worker) and the end-to-end tests drive Debian's Chromium.
# As root on Debian/Ubuntu a missing one is installed with apt; otherwise `warn` only warns (start can
# still serve the app) and `require` fails (the tests cannot run without it).
ensure_chromium() {
  local mode=$1
  find_chromium >/dev/null && return 0
  if can_apt_install; then
    apt_install chromium || warn "apt-get install chromium failed"
    find_chromium >/dev/null && return 0
  fi
  local message="Chromium was not found (looked at \$CHROMIUM_PATH, /usr/bin/chromium); install Debian's chromium package (apt-get install chromium, as root) or set CHROMIUM_PATH"
  [ "$mode" = require ] && die "$message"
  warn "$message; scanning will not work until it is there"
}
