# The shop as a container image (docs/scaling.md#the-container-image).
#
#   podman build --format docker -t shopper .
#   docker build -t shopper .
#
# BASE_IMAGE builds, RUNTIME_IMAGE runs; both need Node.js 20.19 or later. The defaults come from a
# registry; scripts/image/build-and-smoke.sh passes bases made with mmdebstrap from Debian's own
# packages instead.
ARG BASE_IMAGE=docker.io/library/node:22-bookworm-slim
ARG RUNTIME_IMAGE=${BASE_IMAGE}

# ---- build: every dependency, then the three apps' production builds --------------------------
FROM ${BASE_IMAGE} AS build
# Behind a proxy that re-signs TLS: a CA bundle mounted into the build (never kept in the image).
ARG npm_config_cafile
ARG npm_config_prefer_offline
WORKDIR /src
ENV CI=true npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# Manifests first: the dependency layer is reused until one of them changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/dashboard/package.json apps/dashboard/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build

# ---- deps: what the running server imports, and nothing else ----------------------------------
FROM ${BASE_IMAGE} AS deps
ARG npm_config_cafile
ARG npm_config_prefer_offline
WORKDIR /app
ENV CI=true npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/packages/contract packages/contract
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/web/package.json apps/web/
# The server's packages, and the storefront's (its server entry renders pages with React).
RUN npm ci --omit=dev -w apps/server -w apps/web

# ---- runtime -----------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime
# No package manager in the image that runs: npm's own copy is removed where the base has one.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/bin/npm /usr/local/bin/npx /opt/yarn-* \
 && (getent passwd shop >/dev/null || useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin shop) \
 && mkdir -p /data && chown shop:shop /data
WORKDIR /app
COPY --from=deps /app /app
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/dashboard/dist apps/dashboard/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist \
    DASHBOARD_DIST_DIR=/app/apps/dashboard/dist \
    SHUTDOWN_DRAIN_MS=5000
USER shop
EXPOSE 3000
VOLUME ["/data"]
# Liveness only: readiness (/api/ready) is for the balancer, and 503s while draining on purpose.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: /api/ready answers 503 for SHUTDOWN_DRAIN_MS, then the port closes and in-flight requests
# finish (docs/several-instances.md). Give the container a stop timeout above drain + 10 s.
STOPSIGNAL SIGTERM
# node itself is PID 1 and handles SIGTERM (close-with-grace); no shell in between.
CMD ["node", "apps/server/dist/main.js"]
