# shellcheck shell=bash
# Canopy's own processes (api, worker) in the background: start with a pid file and a log under .data/,
# wait for health, stop by process group so pnpm, tsx and node all go together. Also the steps both
# start and test run before starting them: migrate, seed, build the web app.

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

pid_file() { echo "$RUN_DIR/$1.pid"; }

app_process_running() {
  local file pid
  file="$(pid_file "$1")"
  [ -s "$file" ] || return 1
  pid="$(cat "$file")"
  kill -0 "$pid" 2>/dev/null
}

# start_app_process NAME [VAR=value...] COMMAND...: runs COMMAND from the repository root in its own
# session (so closing the terminal does not end it and stopping can signal the whole group), appending
# to .data/logs/NAME.log.
start_app_process() {
  local name=$1 log_file
  shift
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  log_file="$LOG_DIR/$name.log"
  printf '\n=== %s started %s ===\n' "$name" "$(date -u +%FT%TZ)" >>"$log_file"
  if command -v setsid >/dev/null 2>&1; then
    # In a non-interactive shell a background child is not a group leader, so setsid does not fork:
    # $! is the new session's leader and its pid is the group id.
    (cd "$CANOPY_ROOT" && exec setsid env "$@" >>"$log_file" 2>&1 </dev/null) &
  else
    set -m
    (cd "$CANOPY_ROOT" && exec nohup env "$@" >>"$log_file" 2>&1 </dev/null) &
    set +m
  fi
  echo $! >"$(pid_file "$name")"
}

# stop_app_process NAME: SIGTERM to the group (the processes close their queues, sockets and database
# pools), SIGKILL after 20 s if something hangs.
stop_app_process() {
  local name=$1 file pid
  file="$(pid_file "$name")"
  [ -s "$file" ] || return 0
  pid="$(cat "$file")"
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping $name (pid $pid)"
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + 20))
    while kill -0 -- "-$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.3; done
    if kill -0 -- "-$pid" 2>/dev/null; then
      warn "$name did not stop within 20s: killing it"
      kill -KILL -- "-$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$file"
}

show_log_tail() {
  warn "last lines of .data/logs/$1.log:"
  tail -n "${2:-40}" "$LOG_DIR/$1.log" >&2 || true
}

# wait_for_health URL SECONDS PROCESS...: waits until URL answers 2xx, failing early when one of the
# named processes has exited (its log tail is shown).
wait_for_health() {
  local url=$1 seconds=$2 name
  shift 2
  local deadline=$((SECONDS + seconds))
  until probe http "$url" 2>/dev/null; do
    for name in "$@"; do
      app_process_running "$name" || {
        show_log_tail "$name"
        warn "$name exited before $url answered"
        return 1
      }
    done
    [ "$SECONDS" -lt "$deadline" ] || {
      for name in "$@"; do show_log_tail "$name" 20; done
      warn "$url did not answer within ${seconds}s"
      return 1
    }
    sleep 0.5
  done
}

# run_logged NAME COMMAND...: runs a step quietly into .data/logs/NAME.log, showing the log on failure.
run_logged() {
  local name=$1
  shift
  mkdir -p "$LOG_DIR"
  if ! (cd "$CANOPY_ROOT" && "$@") >"$LOG_DIR/$name.log" 2>&1; then
    tail -n 60 "$LOG_DIR/$name.log" >&2
    warn "$* failed (full log: .data/logs/$name.log)"
    return 1
  fi
}

migrate_and_seed() {
  log "migrating the database (pnpm db:migrate)"
  run_logged db-migrate pnpm db:migrate || return 1
  log "seeding the demo organisation, admin and site (pnpm db:seed)"
  run_logged db-seed pnpm db:seed || return 1
}

# The SPA is rebuilt only when its sources, the shared contracts, the lockfile or the VITE_* variables
# baked into the bundle changed since the last build, so a second start skips an identical build.
web_inputs_hash() {
  (
    cd "$CANOPY_ROOT" &&
      find apps/web packages/contracts \( -name node_modules -o -name dist \) -prune -o -type f -print |
      LC_ALL=C sort | xargs sha256sum
    sha256sum pnpm-lock.yaml
    env | grep '^VITE_' | LC_ALL=C sort || true
  ) | sha256sum | cut -d' ' -f1
}

build_web() {
  local stamp="$CANOPY_ROOT/apps/web/dist/.canopy-build-stamp" want
  want="$(web_inputs_hash)"
  if [ -f "$CANOPY_ROOT/apps/web/dist/index.html" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    log "web app: the build in apps/web/dist is current"
    return 0
  fi
  log "building the web app (pnpm --filter @canopy/web build)"
  run_logged web-build pnpm --filter @canopy/web build || return 1
  echo "$want" >"$stamp"
}

# Browsers and the health check reach a wildcard listener through loopback.
reachable_host() {
  case "$1" in
    0.0.0.0 | :: | '[::]') echo 127.0.0.1 ;;
    *:*) echo "[$1]" ;;
    *) echo "$1" ;;
  esac
}

# start_fixture_site NAME HOST PORT EXTERNAL_PORT: serves the fixture web site (tests/fixtures/site, the demo
# site scans run against offline) in the background like the API and worker, its partner site on
# EXTERNAL_PORT, and waits until it answers.
start_fixture_site() {
  local name=$1 host=$2 port=$3 external_port=$4
  start_app_process "$name" FIXTURE_SITE_HOST="$host" FIXTURE_SITE_PORT="$port" \
    FIXTURE_SITE_EXTERNAL_PORT="$external_port" pnpm exec tsx tests/fixtures/site/cli.ts
  wait_for_health "http://$(reachable_host "$host"):$port/robots.txt" 30 "$name"
}

# start_jira_fake NAME HOST PORT: serves the local Jira Cloud REST fake (tests/fixtures/jira) accepting
# DEMO_JIRA_EMAIL and DEMO_JIRA_TOKEN for the project DEMO_JIRA_PROJECT, and waits until it answers.
start_jira_fake() {
  local name=$1 host=$2 port=$3
  start_app_process "$name" JIRA_FAKE_HOST="$host" JIRA_FAKE_PORT="$port" JIRA_FAKE_EMAIL="$DEMO_JIRA_EMAIL" \
    JIRA_FAKE_TOKEN="$DEMO_JIRA_TOKEN" JIRA_FAKE_PROJECT="$DEMO_JIRA_PROJECT" pnpm exec tsx tests/fixtures/jira/cli.ts
  wait_for_health "http://$(reachable_host "$host"):$port/__fake/issues" 30 "$name"
}

# start_google_fake NAME HOST PORT: serves the local Google OAuth and GA4 fake (tests/fixtures/google) accepting
# the OAuth client GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET, and waits until it answers.
start_google_fake() {
  local name=$1 host=$2 port=$3
  start_app_process "$name" GOOGLE_FAKE_HOST="$host" GOOGLE_FAKE_PORT="$port" \
    GOOGLE_FAKE_CLIENT_ID="$GOOGLE_CLIENT_ID" GOOGLE_FAKE_CLIENT_SECRET="$GOOGLE_CLIENT_SECRET" \
    pnpm exec tsx tests/fixtures/google/cli.ts
  wait_for_health "http://$(reachable_host "$host"):$port/__fake/requests" 30 "$name"
}

# google_fake_env URL: the API's and worker's Google endpoints pointing at the fake served at URL.
google_fake_env() {
  echo "GOOGLE_OAUTH_AUTHORIZE_URL=$1/o/oauth2/v2/auth GOOGLE_OAUTH_TOKEN_URL=$1/token GA4_ADMIN_API_URL=$1 GA4_DATA_API_URL=$1"
}

# start_oidc_fake NAME HOST PORT REDIRECT_URI: serves the local OpenID provider (tests/fixtures/oidc) with the
# client DEMO_SSO_CLIENT_ID / DEMO_SSO_CLIENT_SECRET sending browsers back to REDIRECT_URI (Canopy's /auth/sso)
# and the accounts DEMO_SSO_ACCOUNTS, and waits until its discovery document answers.
start_oidc_fake() {
  local name=$1 host=$2 port=$3 redirect_uri=$4
  start_app_process "$name" OIDC_FAKE_HOST="$host" OIDC_FAKE_PORT="$port" OIDC_FAKE_CLIENT_ID="$DEMO_SSO_CLIENT_ID" \
    OIDC_FAKE_CLIENT_SECRET="$DEMO_SSO_CLIENT_SECRET" OIDC_FAKE_REDIRECT_URIS="$redirect_uri" \
    OIDC_FAKE_ACCOUNTS="$DEMO_SSO_ACCOUNTS" pnpm exec tsx tests/fixtures/oidc/cli.ts
  wait_for_health "http://$(reachable_host "$host"):$port/.well-known/openid-configuration" 30 "$name"
}

# start_stripe_fake NAME HOST PORT WEBHOOK_URL: serves the local Stripe API fake (tests/fixtures/stripe) accepting
# STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, posting its events signed with STRIPE_WEBHOOK_SECRET to
# WEBHOOK_URL (the API's /api/v1/billing/webhook), and waits until it answers.
start_stripe_fake() {
  local name=$1 host=$2 port=$3 webhook_url=$4
  start_app_process "$name" STRIPE_FAKE_HOST="$host" STRIPE_FAKE_PORT="$port" STRIPE_FAKE_WEBHOOK_URL="$webhook_url" \
    STRIPE_SECRET_KEY="$STRIPE_SECRET_KEY" STRIPE_PUBLISHABLE_KEY="$STRIPE_PUBLISHABLE_KEY" \
    STRIPE_WEBHOOK_SECRET="$STRIPE_WEBHOOK_SECRET" pnpm exec tsx tests/fixtures/stripe/cli.ts
  wait_for_health "http://$(reachable_host "$host"):$port/__fake/events" 30 "$name"
}

# start_web_risk_fake NAME HOST PORT EXTERNAL_PORT: serves the local Web Risk API fake (tests/fixtures/web-risk)
# listing the fixture site's malicious links, with DEMO_WEB_RISK_KEY as its key, and waits until it answers.
start_web_risk_fake() {
  local name=$1 host=$2 port=$3 external_port=$4
  start_app_process "$name" WEB_RISK_FAKE_HOST="$host" WEB_RISK_FAKE_PORT="$port" \
    WEB_RISK_FAKE_KEY="$DEMO_WEB_RISK_KEY" FIXTURE_SITE_PORT="$FIXTURE_SITE_PORT" \
    FIXTURE_SITE_EXTERNAL_PORT="$external_port" pnpm exec tsx tests/fixtures/web-risk/cli.ts
  # A search of a URI on no list answers 200 {} once the fake is up.
  wait_for_health "http://$(reachable_host "$host"):$port/v1/uris:search?uri=https%3A%2F%2Fexample.com%2F&threatTypes=MALWARE&key=$DEMO_WEB_RISK_KEY" 30 "$name"
}

# start_smtp_catcher NAME HOST SMTP_PORT HTTP_PORT: serves the local SMTP catcher (tests/fixtures/smtp-catcher),
# SMTP on SMTP_PORT and its HTTP inbox on HTTP_PORT, and waits until the inbox answers.
start_smtp_catcher() {
  local name=$1 host=$2 smtp_port=$3 http_port=$4
  start_app_process "$name" SMTP_CATCHER_HOST="$host" SMTP_CATCHER_SMTP_PORT="$smtp_port" \
    SMTP_CATCHER_HTTP_PORT="$http_port" pnpm exec tsx tests/fixtures/smtp-catcher/cli.ts
  wait_for_health "http://$(reachable_host "$host"):$http_port/healthz" 30 "$name"
}
