#!/usr/bin/env bash
# scripts/live.sh VERSION: start a real control plane (e2e/cluster.sh), seed it, run the live suite
# (compare with kubectl; with STUDIOCTL_LIVE_RECORD=1 also rewrite testdata/replay/<server version>),
# then stop the cluster. The binaries are cached outside the clone, so a second run starts in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-v1.37}
state_root=${STUDIOCTL_E2E_STATE:-/tmp/studioctl-e2e}
state="$state_root/$version"
keep=${STUDIOCTL_KEEP_CLUSTER:-0}

cleanup() { [ "$keep" = 1 ] || bash e2e/cluster.sh down "$version" >/dev/null 2>&1 || true; }
trap cleanup EXIT

bash e2e/cluster.sh up "$version"
bash e2e/seed.sh "$version"

# A recording is written to a fresh folder and moved into testdata/replay only when the whole
# suite passed, so a failed run never leaves a half recording (or none, which the demo embeds).
record=""
if [ "${STUDIOCTL_LIVE_RECORD:-0}" = 1 ]; then
  record=$(mktemp -d)
fi
log=/tmp/studioctl-live-$version.log
STUDIOCTL_LIVE_STATE="$state" STUDIOCTL_LIVE_RECORD="$record" go test -count=1 -timeout 30m -v ./internal/livetest/ 2>&1 | tee "$log" | grep -E '^(=== RUN|--- |PASS|FAIL|ok|.*statements.*compared|.*differs from kubectl)' || true
grep -q '^ok' "$log"
if [ -n "$record" ]; then
  server=$(sed -n 's/^ *live_test.go:[0-9]*: server \(v[0-9][^ ]*\)$/\1/p' "$log" | head -1)
  [ -n "$server" ] || { echo "live.sh: the suite did not name the server version" >&2; exit 1; }
  rm -rf "testdata/replay/$server"
  mkdir -p testdata/replay
  mv "$record" "testdata/replay/$server"
  chmod -R a+rX "testdata/replay/$server"
  echo "recorded testdata/replay/$server"
fi
