#!/usr/bin/env bash
# scripts/demo-snapshot.sh STATE_DIR OUT: capture the demo (demo/demo.snap) from a kept, seeded live
# cluster as a reader would: deploy/studioctl-reader.yaml is applied with the state dir's admin
# kubeconfig and kubectl (e2e/README.md, State dir), a short-lived token of the studioctl-reader
# ServiceAccount goes into a temporary kubeconfig (0600, removed on exit; the token is never
# printed), and `studioctl snapshot OUT -A` runs with it. What the script applied is deleted again
# unless it was there before, so the cluster is left as it was found.
#   make demo-snapshot            # STATE_DIR=/tmp/studioctl-e2e/v1.37, OUT=demo/demo.snap
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: scripts/demo-snapshot.sh STATE_DIR OUT" >&2
  exit 2
fi
state=$1 out=$2
[ -r "$state/env" ] || { echo "demo-snapshot: $state/env is not readable (is the cluster up? e2e/README.md)" >&2; exit 1; }
kubectl=$(sed -n "s/^KUBECTL='\(.*\)'$/\1/p" "$state/env")
admin=$(sed -n "s/^KUBECONFIG_ADMIN='\(.*\)'$/\1/p" "$state/env")
[ -x "$kubectl" ] && [ -r "$admin" ] || { echo "demo-snapshot: $state/env names no kubectl or admin kubeconfig" >&2; exit 1; }
k() { "$kubectl" --kubeconfig "$admin" "$@"; }

tmp=$(mktemp -d)
chmod 0700 "$tmp"
applied=0
cleanup() {
  local rc=$?
  rm -rf "$tmp"
  if [ "$applied" = 1 ]; then
    k delete -f deploy/studioctl-reader.yaml --ignore-not-found --timeout=60s >/dev/null || true
  fi
  exit $rc
}
trap cleanup EXIT

# The reader identity, as a cluster's owner would deploy it.
if ! k get clusterrole studioctl-reader >/dev/null 2>&1; then
  applied=1
fi
k apply -f deploy/studioctl-reader.yaml >/dev/null
# The first token request can race the ServiceAccount's creation.
token=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
  if token=$(k -n studioctl create token studioctl-reader --duration=10m 2>/dev/null) && [ -n "$token" ]; then
    break
  fi
  sleep 1
done
[ -n "$token" ] || { echo "demo-snapshot: no token for studioctl-reader" >&2; exit 1; }

# A kubeconfig for that identity: the admin kubeconfig's cluster, the reader's token.
server=$(k config view --minify --raw -o 'jsonpath={.clusters[0].cluster.server}')
ca=$(k config view --minify --raw -o 'jsonpath={.clusters[0].cluster.certificate-authority-data}')
kc="$tmp/reader.kubeconfig"
(
  umask 077
  cat >"$kc" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: demo
  cluster:
    server: $server
    certificate-authority-data: $ca
users:
- name: studioctl-reader
  user:
    token: $token
contexts:
- name: studioctl-reader@demo
  context:
    cluster: demo
    user: studioctl-reader
current-context: studioctl-reader@demo
EOF
)
unset token

mkdir -p "$(dirname "$out")"
go run ./cmd/studioctl --kubeconfig "$kc" snapshot "$out" -A </dev/null
go run ./cmd/studioctl snapshot inspect "$out"
# Events live an hour on the API server (--event-ttl): a demo taken later has none to show.
if go run ./cmd/studioctl --replay "$out" events -A 2>&1 | grep -q '^No events found'; then
  echo "demo-snapshot: warning: $out holds no events (the server keeps them an hour: capture right after seeding)" >&2
fi
