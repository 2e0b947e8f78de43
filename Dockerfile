# syntax=docker/dockerfile:1
# The marketplace server (API + built web app) for production: see docs/deploy.md and ADR 0020.
# Written and reviewed, but NOT built on the machine it was written on (no Docker engine there).
#   docker build -t stg-marketplace .
#   docker run --rm -p 3000:3000 -e DATABASE_URL=postgres://… stg-marketplace
# No secret is baked in: every setting comes from the environment at run time (.env.example).

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: the whole workspace installed (dev tools included) to build the web app with Vite and compile the
#    server to one JavaScript file with esbuild (apps/server/build.mjs: dist/main.js and its migrations).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
COPY apps/server apps/server
RUN npm run build -w apps/web && npm run build -w apps/server

# 2. Production dependencies of the server (and the domain package it imports) only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

# 3. Runtime: small, non-root, tini as PID 1 so SIGTERM reaches node (graceful shutdown) and zombies are reaped.
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=deps --chown=root:root /app/package.json ./package.json
COPY --chown=root:root apps/server/package.json apps/server/
# The compiled server (the domain package is bundled in; npm dependencies come from node_modules above).
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
# The code is root's and read-only to the app; the app's user writes only DATA_DIR (the embedded database,
# local uploads and the calendar key when those defaults are used; nothing with PostgreSQL and S3).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
WORKDIR /app/apps/server
EXPOSE 3000
# Readiness (GET /api/ready: database, migrations, storage), not only liveness; JSON, never the web app's page.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok && String(r.headers.get('content-type')).startsWith('application/json') ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# The compiled JavaScript, exactly as `npm start` runs it (apps/server/package.json); see ADR 0020 and 0038.
# scripts/cluster.mjs starts the local cluster with this line, and scripts/cluster.test.js holds them together.
CMD ["node", "--enable-source-maps", "dist/main.js"]
