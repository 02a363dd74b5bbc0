# shellcheck shell=bash
# Sourced by scripts/start and scripts/test: puts Node >= 22.19 and pnpm on PATH,
# bringing them from the npm registry into .tools/ when the machine lacks them.
# Nothing here downloads from anywhere but the npm registry.

CANOPY_ROOT=${CANOPY_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
TOOLS_DIR="$CANOPY_ROOT/.tools"
NODE_MIN="22.19.0"
NODE_PACKAGE_VERSION="22"
PNPM_VERSION="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' "$CANOPY_ROOT/package.json")"

log() { printf '\033[1;32m[canopy]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[canopy]\033[0m %s\n' "$*" >&2; exit 1; }

version_at_least() { # version_at_least 22.23.3 22.19.0
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

node_arch() {
  case "$(uname -m)" in
    x86_64|amd64) echo x64 ;;
    aarch64|arm64) echo arm64 ;;
    *) die "unsupported CPU architecture $(uname -m)" ;;
  esac
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
  command -v npm >/dev/null 2>&1 || die "Node.js and npm are needed to bootstrap (apt-get install nodejs npm)"
  log "Node ${current:-absent} is older than $NODE_MIN: bringing Node $NODE_PACKAGE_VERSION from the npm registry into .tools/node"
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-$(node_arch)@$NODE_PACKAGE_VERSION" >/dev/null) || die "could not fetch node-linux-$(node_arch) from the npm registry"
  tar -xzf "$tmp"/node-linux-*.tgz -C "$tmp"
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
  log "installing pnpm $PNPM_VERSION into .tools/pnpm"
  mkdir -p "$TOOLS_DIR/pnpm"
  npm install --silent --no-audit --no-fund --prefix "$TOOLS_DIR/pnpm" "pnpm@$PNPM_VERSION" >/dev/null || die "could not install pnpm"
}

ensure_dependencies() {
  # A stamp of the lockfile tells whether node_modules matches it.
  local stamp="$CANOPY_ROOT/node_modules/.canopy-lock-stamp"
  local want
  want="$(cat "$CANOPY_ROOT/pnpm-lock.yaml" "$CANOPY_ROOT/package.json" 2>/dev/null | sha256sum | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  log "installing dependencies (pnpm install)"
  (cd "$CANOPY_ROOT" && pnpm install --frozen-lockfile --config.confirmModulesPurge=false) || die "pnpm install failed"
  echo "$want" > "$stamp"
}

ensure_toolchain() {
  ensure_node
  ensure_pnpm
  ensure_dependencies
}
