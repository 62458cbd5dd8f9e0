#!/usr/bin/env bash
# Builds the shop's container image from base images made with mmdebstrap out of Debian's own
# packages (no image registry needed), then smoke-tests the image's files: the server runs from
# them in a chroot against a throwaway database on this machine's PostgreSQL, and must answer
# /api/health and a product listing, and stop cleanly on SIGTERM. (`podman run` needs namespaces
# that some sandboxes refuse; a chroot does not.) Run as root; see docs/scaling.md#the-container-image.
#
#   nice scripts/image/build-and-smoke.sh
#
# Settings: SUITE (Debian release with Node.js >= 20.19; trixie), SMOKE_POSTGRES_URL (an admin
# connection; postgres://postgres@127.0.0.1:5432/postgres), SMOKE_PORT (5297), WORK (a scratch
# folder; a new one under /var/tmp), KEEP_WORK=1 to keep it, SKIP_BUILD=1 to smoke-test the image
# built last time again.
set -euo pipefail
cd "$(dirname "$0")/../.."
SUITE=${SUITE:-trixie}
PG_ADMIN_URL=${SMOKE_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PORT=${SMOKE_PORT:-5297}
WORK=${WORK:-$(mktemp -d /var/tmp/shopper-image.XXXXXX)}
IMAGE=localhost/shopper:smoke
say() { printf '\n== %s\n' "$*"; }

for tool in podman mmdebstrap; do
  command -v "$tool" >/dev/null || { say "installing $tool"; apt-get install -y --no-install-recommends "$tool"; }
done

ROOTFS="$WORK/rootfs"
DB_NAME="shopper_smoke_$(date +%s)"
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  node -e "const pg=require('pg');const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.query('drop database if exists $DB_NAME with (force)')).finally(()=>c.end())" "$PG_ADMIN_URL" 2>/dev/null || true
  podman rm -f shopper-smoke >/dev/null 2>&1 || true
  [ "${KEEP_WORK:-}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT

say "base images from Debian $SUITE (mmdebstrap)"
# The build base has npm; the runtime base has Node.js and CA certificates only.
[ -f "$WORK/build-base.tar" ] || mmdebstrap --quiet --variant=minbase --include=nodejs,npm,ca-certificates "$SUITE" "$WORK/build-base.tar"
[ -f "$WORK/runtime-base.tar" ] || mmdebstrap --quiet --variant=minbase --include=nodejs,ca-certificates "$SUITE" "$WORK/runtime-base.tar"
podman import --quiet "$WORK/build-base.tar" "localhost/shopper-build-base:$SUITE" >/dev/null
podman import --quiet "$WORK/runtime-base.tar" "localhost/shopper-runtime-base:$SUITE" >/dev/null

say "podman build --isolation chroot"
started=$(date +%s)
if [ "${SKIP_BUILD:-}" != 1 ]; then
# This machine's CA bundle (it may trust a proxy that re-signs TLS) and npm cache serve the build's
# npm; neither stays in the image.
podman build --isolation chroot --format docker --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" \
  --volume /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg npm_config_cafile=/run/host-ca.crt \
  --volume "$(npm config get cache)":/root/.npm --build-arg npm_config_prefer_offline=true \
  --build-arg "BASE_IMAGE=localhost/shopper-build-base:$SUITE" \
  --build-arg "RUNTIME_IMAGE=localhost/shopper-runtime-base:$SUITE" \
  -t "$IMAGE" .
fi
echo "built in $(( $(date +%s) - started )) s"
podman image inspect "$IMAGE" --format 'image size: {{.Size}} bytes; user {{.Config.User}}; healthcheck {{.Config.Healthcheck.Test}}; stop signal {{.Config.StopSignal}}'
podman image inspect "localhost/shopper-runtime-base:$SUITE" --format 'runtime base size: {{.Size}} bytes'

say "the image's files"
podman create --name shopper-smoke "$IMAGE" >/dev/null
mkdir -p "$ROOTFS"
podman export shopper-smoke | tar -x -C "$ROOTFS"
podman rm shopper-smoke >/dev/null
du -sh "$ROOTFS" "$ROOTFS/app/node_modules" | sed 's/^/  /'
for tool in npm npx gcc make g++ python3 tsc vite; do
  if chroot "$ROOTFS" /bin/sh -c "command -v $tool" >/dev/null 2>&1 || [ -e "$ROOTFS/app/node_modules/.bin/$tool" ]; then
    echo "  FAIL: $tool is in the final image"; exit 1
  fi
done
echo "  no npm, compiler or dev tool in the final image"
cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf" 2>/dev/null || true

say "a throwaway database"
node -e "const pg=require('pg');const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.query('create database $DB_NAME')).finally(()=>c.end())" "$PG_ADMIN_URL"
DB_URL="$(node -e "const u=new URL(process.argv[1]);u.pathname='/$DB_NAME';console.log(u.toString())" "$PG_ADMIN_URL")"

in_chroot() {
  # The image's user, environment and working folder, as the container would have them.
  # exec all the way down: in the background, $! is then the server's own pid, which SIGTERM reaches.
  exec chroot --userspec=10001:10001 "$ROOTFS" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/app \
    NODE_ENV=production DATA_DIR=/data WEB_DIST_DIR=/app/apps/web/dist DASHBOARD_DIST_DIR=/app/apps/dashboard/dist \
    DATABASE_URL="$DB_URL" JWT_SECRET=smoke-test-secret-0123456789abcdef0123456789 ALLOW_TEST_PAYMENTS=true \
    HOST=127.0.0.1 PORT="$PORT" SHUTDOWN_DRAIN_MS=500 LOG_LEVEL=warn "$@"
}

say "seed the demo catalog with the image's admin command"
(in_chroot /bin/sh -c 'cd /app && node apps/server/dist/cli/admin.js seed-demo') | tail -2

say "the server from the image's files, in a chroot"
(in_chroot /bin/sh -c 'cd /app && exec node apps/server/dist/main.js') > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 1
done
echo "GET /api/health -> $(curl -sS "http://127.0.0.1:$PORT/api/health")"
listing=$(curl -sS -D "$WORK/headers" "http://127.0.0.1:$PORT/api/products/all-products?limit=3")
echo "GET /api/products/all-products?limit=3 -> $(node -e "const a=JSON.parse(process.argv[1]);console.log(a.success, 'total', a.total ?? a.pagination?.total, 'names', (a.products||[]).map(p=>p.name).join(' | '))" "$listing")"
grep -i '^cache-control\|^surrogate-key' "$WORK/headers" | sed 's/^/  /'
echo "GET / -> $(curl -s -o /dev/null -w '%{http_code} %{content_type} %{size_download} bytes' "http://127.0.0.1:$PORT/")"

say "SIGTERM drains and exits"
kill -TERM "$SERVER_PID"
code=0; wait "$SERVER_PID" || code=$?
SERVER_PID=
echo "exit code $code"
[ "$code" = 0 ] || { tail -20 "$WORK/server.log"; exit 1; }
say "smoke test passed"
