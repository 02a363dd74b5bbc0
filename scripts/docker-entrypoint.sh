#!/usr/bin/env bash
# Entry of the Docker image (see Dockerfile): the first argument picks the process.
#   api      the API on $PORT, serving the built SPA too
#   worker   the background job runner (scale by running more of them)
#   migrate  apply migrations (creating the database if missing); with CANOPY_SEED=true also seed the demo,
#            for local trials only: the demo seed refuses NODE_ENV=production, which the image sets
#   create-admin [options]  create an administrator and their organisation; asks at the terminal, e.g.
#            docker compose run --rm migrate create-admin   (see scripts/create-admin for the options)
#   anything else is run as a command
set -euo pipefail
cd /app

case "${1:-api}" in
  api) exec pnpm --filter @canopy/api start ;;
  worker) exec pnpm --filter @canopy/worker start ;;
  migrate)
    pnpm db:migrate
    if [ "${CANOPY_SEED:-false}" = true ]; then pnpm db:seed; fi
    ;;
  create-admin)
    shift
    exec pnpm --silent --filter @canopy/db run create-admin "$@"
    ;;
  *) exec "$@" ;;
esac
