#!/usr/bin/env bash
# scripts/demo-snapshot.sh STATE_DIR OUT: capture the demo (demo/demo.snap) from a kept, seeded live
# cluster as a reader would: deploy/studioctl-reader.yaml and demo/demo-reader.yaml are applied with
# the state dir's admin kubeconfig and kubectl (e2e/README.md, State dir), a short-lived token of the
# studioctl-demo-reader ServiceAccount (the reader's rights and Secrets, whose values the snapshot
# strips at capture) goes into a temporary kubeconfig (0600, removed on exit; the token is never
# printed), and `studioctl snapshot OUT -A` runs with it. What the script applied is deleted again
# unless it was there before, so the cluster is left as it was found. Then every canary of the
# seed (STATE_DIR/canaries.txt) is looked for in the file, plain and in base64: none may be there.
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
applied=0 applied_demo=0
cleanup() {
  local rc=$?
  rm -rf "$tmp"
  if [ "$applied_demo" = 1 ]; then
    k delete -f demo/demo-reader.yaml --ignore-not-found --timeout=60s >/dev/null || true
  fi
  if [ "$applied" = 1 ]; then
    k delete -f deploy/studioctl-reader.yaml --ignore-not-found --timeout=60s >/dev/null || true
  fi
  exit $rc
}
trap cleanup EXIT

# The reader identity, as a cluster's owner would deploy it, and the demo's, which adds Secrets.
if ! k get clusterrole studioctl-reader >/dev/null 2>&1; then
  applied=1
fi
if ! k get clusterrole studioctl-demo-secrets >/dev/null 2>&1; then
  applied_demo=1
fi
k apply -f deploy/studioctl-reader.yaml >/dev/null
k apply -f demo/demo-reader.yaml >/dev/null
# The first token request can race the ServiceAccount's creation.
token=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
  if token=$(k -n studioctl create token studioctl-demo-reader --duration=10m 2>/dev/null) && [ -n "$token" ]; then
    break
  fi
  sleep 1
done
[ -n "$token" ] || { echo "demo-snapshot: no token for studioctl-demo-reader" >&2; exit 1; }

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
- name: studioctl-demo-reader
  user:
    token: $token
contexts:
- name: studioctl-demo-reader@demo
  context:
    cluster: demo
    user: studioctl-demo-reader
current-context: studioctl-demo-reader@demo
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
# No Secret canary of the scenario (testdata/replay/canary-classes.txt's class secret) in any
# entry, plain or in base64; demo/'s unit test looks again, in more encodings, at the embedded copy.
entries="$tmp/entries"
unzip -p "$out" >"$entries"
found=0 n=0
while read -r c class _; do
  [ "$class" = secret ] || continue
  n=$((n + 1))
  for needle in "$c" "$(printf '%s' "$c" | base64 -w0 | tr -d '=')"; do
    if grep -qaF -- "$needle" "$entries"; then
      echo "demo-snapshot: $out holds the Secret canary $c" >&2
      found=1
    fi
  done
done < <(grep -v '^#' testdata/replay/canary-classes.txt)
rm -f "$entries"
[ "$found" = 0 ] || exit 1
echo "demo-snapshot: none of the $n Secret canaries is in $out"
