#!/usr/bin/env bash
# `npm run bench:viewer [-- --port N] [-- --write]`: starts `wrangler dev` on port N (else $PORT, else a free port)
# with a fresh local state seeded as the e2e suite (test/fixtures/sample.json, then scripts/e2e-seed-boardviews.ts:
# the 50,000-pin board), runs bench/viewer/run.ts in headless Chromium, then stops the server. The figures print;
# --write also puts them in bench/RESULTS.md. The browser is chosen as in scripts/e2e.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The browser: $CHROMIUM if set, else Debian's /usr/bin/chromium if installed, else the headless Chromium that the
# devDependency @sparticuz/chromium ships inside its npm package (CI reaches only the npm registry: no apt-get,
# no browser download). test/e2e/browser.ts makes the same choice.
CHROMIUM=${CHROMIUM:-}
if [ -z "$CHROMIUM" ] && [ -x /usr/bin/chromium ]; then CHROMIUM=/usr/bin/chromium; fi
echo "e2e: browser ${CHROMIUM:-@sparticuz/chromium (from node_modules)}"

PERSIST=$(mktemp -d -t bds-e2e-XXXXXX)
WRITE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port) PORT="$2"; shift 2 ;;
    --port=*) PORT="${1#--port=}"; shift ;;
    --write) WRITE="--write"; shift ;;
    *) echo "bench:viewer: unknown argument $1 (--port N, --write)"; exit 2 ;;
  esac
done
PORT=${PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
LOG="$PERSIST/wrangler.log"
SERVER_PID=""
cleanup() {
  # wrangler dev runs node children and workerd: stop its whole process group, not just the first pid.
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.25; done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$PERSIST"
}
trap cleanup EXIT

export WRANGLER_SEND_METRICS=false WRANGLER_HIDE_BANNER=true # no update nag: wrangler is pinned on purpose
echo "e2e: building the viewer's script"
npx tsx scripts/build-viewer.ts
echo "e2e: migrating and seeding $PERSIST"
npx tsx scripts/db-migrate.ts --persist-to "$PERSIST" >"$PERSIST/migrate.log" 2>&1 || { cat "$PERSIST/migrate.log"; exit 1; }
npx tsx scripts/e2e-seed.ts "$PERSIST" test/fixtures/sample.json
npx tsx scripts/e2e-seed-boardviews.ts "$PERSIST"

echo "e2e: starting wrangler dev on 127.0.0.1:$PORT"
setsid node_modules/.bin/wrangler dev --ip 127.0.0.1 --port "$PORT" --persist-to "$PERSIST" --var FILES_SIGNING_KEY:e2e-signing-key-not-secret-0123456789 \
  --show-interactive-dev-session=false >"$LOG" 2>&1 &
SERVER_PID=$! # setsid makes it the leader of its own process group

for _ in $(seq 1 120); do
  if curl -fs -o /dev/null "http://127.0.0.1:$PORT/en"; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then cat "$LOG"; echo "e2e: wrangler dev exited"; exit 1; fi
  sleep 0.5
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/en" || { cat "$LOG"; echo "e2e: server did not come up"; exit 1; }

BASE_URL="http://127.0.0.1:$PORT" CHROMIUM="$CHROMIUM" npx tsx bench/viewer/run.ts $WRITE
