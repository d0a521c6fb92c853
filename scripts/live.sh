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

record=""
if [ "${STUDIOCTL_LIVE_RECORD:-0}" = 1 ]; then
  server=$(/usr/lib/google-cloud-sdk/bin/kubectl.1.33 --kubeconfig "$state/admin.kubeconfig" version -o json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["serverVersion"]["gitVersion"])')
  record="$PWD/testdata/replay/$server"
  rm -rf "$record"
  mkdir -p "$record"
fi
STUDIOCTL_LIVE_STATE="$state" STUDIOCTL_LIVE_RECORD="$record" go test -count=1 -timeout 30m -v ./internal/livetest/ 2>&1 | tee /tmp/studioctl-live-$version.log | grep -E '^(=== RUN|--- |PASS|FAIL|ok|    live_test|.*differ)' || true
grep -q '^ok' /tmp/studioctl-live-$version.log
