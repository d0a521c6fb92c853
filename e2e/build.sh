#!/usr/bin/env bash
# Build (or reuse cached) binaries for one e2e build module and print the directory holding them.
#   e2e/build.sh k8s-v1.37|k8s-v1.34|kwok
# Cache: ${STUDIOCTL_E2E_CACHE:-$HOME/.cache/studioctl-e2e}/<module dir>-<sha256(go.sum)[:16]>/
# A build goes to a temporary directory that is renamed into place only when complete, so a killed
# build never leaves a half cache. Set STUDIOCTL_E2E_NICE to change the niceness (default 10).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mod=${1:?usage: build.sh MODULE_DIR}
mod=${mod%/}
src="$here/$mod"
[ -f "$src/go.mod" ] || { echo "build.sh: no module $src" >&2; exit 2; }
cache_root=${STUDIOCTL_E2E_CACHE:-$HOME/.cache/studioctl-e2e}
key=$(sha256sum "$src/go.sum" | cut -c1-16)
out="$cache_root/$mod-$key"
if [ -f "$out/.complete" ]; then echo "$out"; exit 0; fi

mkdir -p "$cache_root"
# One builder per module at a time (two `up`s racing would otherwise both compile).
exec 9>"$cache_root/.lock-$mod"
flock 9
if [ -f "$out/.complete" ]; then echo "$out"; exit 0; fi

tmp=$(mktemp -d "$cache_root/.build-$mod-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
case "$mod" in
  k8s-v*)
    kver=$(awk '$1=="require" && $2=="k8s.io/kubernetes"{print $3; exit} $1=="k8s.io/kubernetes" && $2 ~ /^v/ {print $2; exit}' "$src/go.mod")
    [ -n "$kver" ] || { echo "build.sh: cannot find k8s.io/kubernetes version in $src/go.mod" >&2; exit 2; }
    major=${kver#v}; major=${major%%.*}
    minor=${kver#v*.}; minor=${minor%%.*}
    ldflags="-s -w -X k8s.io/component-base/version.gitVersion=$kver -X k8s.io/component-base/version.gitMajor=$major -X k8s.io/component-base/version.gitMinor=$minor -X k8s.io/component-base/version.gitTreeState=clean -X k8s.io/component-base/version.buildDate=2026-01-01T00:00:00Z"
    pkgs="k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kube-scheduler ./etcd"
    ;;
  kwok)
    ldflags="-s -w"
    pkgs="sigs.k8s.io/kwok/cmd/kwok"
    ;;
  *) echo "build.sh: unknown module $mod" >&2; exit 2 ;;
esac
start=$(date +%s)
echo "build.sh: building $mod into $out (cold builds of Kubernetes take 10-30 minutes on 2 cores)" >&2
( cd "$src" && GOWORK=off GOFLAGS=-mod=readonly CGO_ENABLED=0 nice -n "${STUDIOCTL_E2E_NICE:-10}" go build -trimpath -ldflags "$ldflags" -o "$tmp/" $pkgs ) >&2
if [ "$mod" = kwok ]; then
  # The stage configs kwok ships, copied next to the binary so a warm start needs no Go toolchain.
  kdir=$(cd "$src" && GOWORK=off go list -m -f '{{.Dir}}' sigs.k8s.io/kwok)
  mkdir -p "$tmp/stages"
  cp "$kdir/kustomize/stage/node/fast/node-initialize.yaml" \
     "$kdir/kustomize/stage/node/heartbeat-with-lease/node-heartbeat-with-lease.yaml" \
     "$kdir/kustomize/stage/pod/fast/pod-ready.yaml" \
     "$kdir/kustomize/stage/pod/fast/pod-complete.yaml" \
     "$kdir/kustomize/stage/pod/fast/pod-delete.yaml" "$tmp/stages/"
  chmod 0644 "$tmp/stages/"*
fi
echo "$(( $(date +%s) - start ))" > "$tmp/.build-seconds"
touch "$tmp/.complete"
rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT
echo "build.sh: $mod built in $(cat "$out/.build-seconds")s" >&2
echo "$out"
