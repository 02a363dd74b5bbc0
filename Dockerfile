# syntax=docker/dockerfile:1.7
# One image for Canopy's processes: `api` (the API, which also serves the built SPA), `worker` (background
# jobs, with Debian's Chromium for scanning), `migrate` (applies migrations; seeds nothing unless
# CANOPY_SEED=true, and the demo seed refuses this image's NODE_ENV=production) and `create-admin` (the
# first administrator: the only way in, since the image creates no users) — chosen by the command, see
# scripts/docker-entrypoint.sh. The `web` target is a small nginx front that serves the SPA's static files
# itself and passes everything else to the api.
#
#   docker build -t canopy:local .                  # the runtime image (the last stage)
#   docker build --target web -t canopy-web:local .

ARG NODE_IMAGE=node:22-bookworm-slim
ARG PNPM_VERSION=10.34.8

# ─── base: Node 22 and the pinned pnpm ──────────────────────────────────────
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION
RUN npm install -g --no-audit --no-fund "pnpm@${PNPM_VERSION}"
WORKDIR /app

# ─── deps: every package the lockfile names, cached until the lockfile changes ──
# `pnpm fetch` needs only the lockfile, so adding a workspace package never needs this file edited.
FROM base AS deps
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch --frozen-lockfile

# ─── build: install from that store, Prisma client, the SPA bundle ──────────
FROM deps AS build
COPY . .
RUN pnpm install --offline --frozen-lockfile \
  && pnpm db:generate \
  && pnpm --filter @canopy/web build

# ─── web: nginx serving the SPA and proxying the rest to the api ───────────
FROM nginx:1.27-bookworm AS web
# The image's entrypoint fills ${CANOPY_API_UPSTREAM} from the environment (only variables that are set,
# so nginx's own $uri and friends stay as they are).
ENV CANOPY_API_UPSTREAM=api:3000
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
COPY <<'NGINX' /etc/nginx/templates/default.conf.template
map $http_upgrade $connection_upgrade {
  default upgrade;
  '' close;
}
upstream canopy_api {
  server ${CANOPY_API_UPSTREAM};
  keepalive 16;
}
server {
  listen 8080;
  root /usr/share/nginx/html;
  client_max_body_size 20m;

  # Hashed bundles never change under one name.
  location /assets/ {
    add_header Cache-Control "public, max-age=31536000, immutable";
    try_files $uri =404;
  }
  # A file of the bundle is served here; every other path (the API, /socket.io, and the SPA's routes,
  # for which the api answers index.html) goes to the api.
  location / {
    try_files $uri @api;
  }
  location @api {
    proxy_pass http://canopy_api;
    proxy_http_version 1.1;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_read_timeout 120s;
  }
}
NGINX

# ─── runtime: api, worker and migrate ───────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
ARG PNPM_VERSION
# chromium drives scans in the worker; tini reaps Chromium's children and passes SIGTERM to the
# whole process group so jobs close cleanly.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation tini ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && npm install -g --no-audit --no-fund "pnpm@${PNPM_VERSION}" \
  && mkdir -p /data/mail /data/artifacts \
  && chown -R node:node /data
WORKDIR /app
# The services run TypeScript through tsx (as in development), so the whole workspace with its
# node_modules is the application.
COPY --from=build --chown=node:node /app /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  WEB_DIST_DIR=/app/apps/web/dist \
  MAIL_DIR=/data/mail \
  ARTIFACTS_DIR=/data/artifacts \
  CHROMIUM_PATH=/usr/bin/chromium
USER node
EXPOSE 3000
ENTRYPOINT ["tini", "-g", "--", "/app/scripts/docker-entrypoint.sh"]
CMD ["api"]
