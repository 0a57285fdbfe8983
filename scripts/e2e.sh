#!/usr/bin/env bash
# End-to-end check of the site in headless Chromium: `npm run test:e2e`.
# Starts `wrangler dev` on a free port with a fresh local state
# seeded from test/fixtures/sample.json, runs test/e2e/site.e2e.ts, test/e2e/api-reference.e2e.ts,
# test/e2e/accounts.e2e.ts (passkeys with a virtual authenticator, invites from `npm run admin`),
# test/e2e/schematic.e2e.ts (the schematic page view, a reader's and a member's) and
# test/e2e/dev-server.e2e.ts (what only a real socket shows: refused bodies, a busy port), then stops
# the server.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser: $CHROMIUM if set, else Debian's /usr/bin/chromium if installed, else the headless Chromium that the
# devDependency @sparticuz/chromium ships inside its npm package (CI reaches only the npm registry: no apt-get,
# no browser download). test/e2e/browser.ts makes the same choice.
CHROMIUM=${CHROMIUM:-}
if [ -z "$CHROMIUM" ] && [ -x /usr/bin/chromium ]; then CHROMIUM=/usr/bin/chromium; fi
echo "e2e: browser ${CHROMIUM:-@sparticuz/chromium (from node_modules)}"

PERSIST=$(mktemp -d -t bds-e2e-XXXXXX)
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
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

BASE_URL="http://127.0.0.1:$PORT" CHROMIUM="$CHROMIUM" npx tsx test/e2e/site.e2e.ts
BASE_URL="http://127.0.0.1:$PORT" CHROMIUM="$CHROMIUM" npx tsx test/e2e/api-reference.e2e.ts
BASE_URL="http://127.0.0.1:$PORT" CHROMIUM="$CHROMIUM" npx tsx test/e2e/boardview.e2e.ts
# Accounts: invites made by the real admin command against this server's state, so it gets the directory.
BASE_URL="http://127.0.0.1:$PORT" CHROMIUM="$CHROMIUM" PERSIST="$PERSIST" npx tsx test/e2e/accounts.e2e.ts
# The schematic page view (issue 55): a reader's words, a member's drawn page (a passkey of its own, invited the same way).
BASE_URL="http://127.0.0.1:$PORT" CHROMIUM="$CHROMIUM" PERSIST="$PERSIST" npx tsx test/e2e/schematic.e2e.ts
BASE_URL="http://127.0.0.1:$PORT" npx tsx test/e2e/dev-server.e2e.ts
