#!/usr/bin/env bash
# Build (or reuse cached) binaries for one e2e build module and print the directory holding them.
#   e2e/build.sh k8s-v1.37|k8s-v1.34|kubectl-v1.37|kubectl-v1.34|kwok|metrics-server
#   e2e/build.sh --key MODULE_DIR     print the cache key and the recipe it hashes, build nothing
#   e2e/build.sh k8s-v1.37 --git-version v1.37.2-eks-1
#                                     only kube-apiserver, answering that gitVersion in /version (a
#                                     distribution's suffix, for version detection); entry k8s-v1.37-v1.37.2-eks-1-<key>
# Cache: ${STUDIOCTL_E2E_CACHE:-$HOME/.cache/studioctl-e2e}/<module dir>-<key>/ where key is the first
# 16 hex of the sha256 of the build's recipe: this script's own sha256, the Go version, the build
# environment and flags, the ldflags, the package list, go.mod, go.sum and every other file of the
# module dir. Anything that changes a binary changes the key, so two builds never share an entry.
# A build goes to a temporary directory that is renamed into place only when complete, so a killed
# build never leaves a half cache. Set STUDIOCTL_E2E_NICE to change the niceness (default 10).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"
only_key=0
if [ "${1:-}" = --key ]; then only_key=1; shift; fi
mod=${1:?usage: build.sh [--key] MODULE_DIR [--git-version VERSION]}
mod=${mod%/}
git_version=""
if [ "${2:-}" = --git-version ]; then
  git_version=${3:?usage: build.sh MODULE_DIR --git-version VERSION}
  [[ "$git_version" =~ ^v[0-9]+\.[0-9]+\.[0-9]+[-+][0-9A-Za-z.+-]+$ ]] || { echo "build.sh: bad --git-version $git_version (want e.g. v1.37.2-eks-1)" >&2; exit 2; }
  case "$mod" in k8s-v*) ;; *) echo "build.sh: --git-version is for a control plane module" >&2; exit 2 ;; esac
fi
name=$mod${git_version:+-$git_version}
src="$here/$mod"
[ -f "$src/go.mod" ] || { echo "build.sh: no module $src" >&2; exit 2; }
cache_root=${STUDIOCTL_E2E_CACHE:-$HOME/.cache/studioctl-e2e}

# k8s_version FILE: the k8s.io/kubernetes version a go.mod requires.
k8s_version() {
  awk '$1=="require" && $2=="k8s.io/kubernetes"{print $3; exit} $1=="k8s.io/kubernetes" && $2 ~ /^v/ {print $2; exit}' "$1"
}
# version_ldflags KVER PKG...: -X flags that make each version package answer KVER.
version_ldflags() {
  local kver=$1 major minor p out=""; shift
  major=${kver#v}; major=${major%%.*}
  minor=${kver#v*.}; minor=${minor%%.*}
  for p in "$@"; do
    out+=" -X $p.gitVersion=$kver -X $p.gitMajor=$major -X $p.gitMinor=$minor -X $p.gitTreeState=clean -X $p.buildDate=2026-01-01T00:00:00Z"
  done
  echo "$out"
}

copy_stages=0
case "$mod" in
  k8s-v*)
    kver=$(k8s_version "$src/go.mod")
    [ -n "$kver" ] || { echo "build.sh: cannot find k8s.io/kubernetes version in $src/go.mod" >&2; exit 2; }
    if [ -n "$git_version" ]; then
      [[ "$git_version" == "$kver"[-+]* ]] || { echo "build.sh: --git-version $git_version does not extend $kver" >&2; exit 2; }
      ldflags="-s -w$(version_ldflags "$git_version" k8s.io/component-base/version)"
      pkgs="k8s.io/kubernetes/cmd/kube-apiserver"
    else
      ldflags="-s -w$(version_ldflags "$kver" k8s.io/component-base/version)"
      pkgs="k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kube-scheduler ./etcd"
    fi
    ;;
  kubectl-v*)
    # kubectl of the server's version: the same k8s.io/kubernetes and the same staging replaces as
    # the control plane's module, or the build stops.
    kver=$(k8s_version "$src/go.mod")
    server="$here/k8s-${mod#kubectl-}"
    [ -f "$server/go.mod" ] || { echo "build.sh: $mod has no control plane module $server" >&2; exit 2; }
    [ "$kver" = "$(k8s_version "$server/go.mod")" ] || { echo "build.sh: $mod requires k8s.io/kubernetes $kver, $server/go.mod $(k8s_version "$server/go.mod")" >&2; exit 2; }
    cmp -s <(sed -n '/^replace (/,/^)/p' "$src/go.mod") <(sed -n '/^replace (/,/^)/p' "$server/go.mod") ||
      { echo "build.sh: $mod and $server replace different staging modules (run gen-mod.sh for both)" >&2; exit 2; }
    ldflags="-s -w$(version_ldflags "$kver" k8s.io/component-base/version k8s.io/client-go/pkg/version)"
    pkgs="k8s.io/kubernetes/cmd/kubectl"
    ;;
  kwok)
    ldflags="-s -w"
    pkgs="sigs.k8s.io/kwok/cmd/kwok"
    copy_stages=1
    ;;
  metrics-server)
    msver=$(awk '$1=="sigs.k8s.io/metrics-server" && $2 ~ /^v/ {print $2; exit} $1=="require" && $2=="sigs.k8s.io/metrics-server"{print $3; exit}' "$src/go.mod")
    # metrics-server reports client-go's version package as its own (as its Makefile sets it).
    ldflags="-s -w -X k8s.io/client-go/pkg/version.gitVersion=$msver -X k8s.io/client-go/pkg/version.gitTreeState=clean -X k8s.io/client-go/pkg/version.buildDate=2026-01-01T00:00:00Z"
    pkgs="sigs.k8s.io/metrics-server/cmd/metrics-server"
    ;;
  *) echo "build.sh: unknown module $mod" >&2; exit 2 ;;
esac
buildenv="GOWORK=off GOFLAGS=-mod=readonly CGO_ENABLED=0"
goversion=$(GOWORK=off go env GOVERSION GOOS GOARCH 2>/dev/null | tr '\n' ' ' || echo "no-go")

# The recipe: every input that changes a binary, one a line. Its hash is the cache key.
recipe() {
  echo "studioctl-e2e build recipe 2"
  echo "module $mod"
  echo "entry $name"
  echo "build.sh $(sha256sum "$self" | cut -d' ' -f1)"
  echo "go $goversion"
  echo "env $buildenv"
  echo "flags -trimpath"
  echo "ldflags $ldflags"
  echo "packages $pkgs"
  echo "stages $copy_stages"
  (cd "$src" && find . -type f ! -name '.*' | LC_ALL=C sort | while read -r f; do echo "file $f $(sha256sum "$f" | cut -d' ' -f1)"; done)
}
recipe_text=$(recipe)
key=$(printf '%s\n' "$recipe_text" | sha256sum | cut -c1-16)
out="$cache_root/$name-$key"
if [ "$only_key" = 1 ]; then echo "$key"; printf '%s\n' "$recipe_text"; exit 0; fi
if [ -f "$out/.complete" ]; then echo "$out"; exit 0; fi

mkdir -p "$cache_root"
# One builder per module at a time (two `up`s racing would otherwise both compile).
exec 9>"$cache_root/.lock-$name"
flock 9
if [ -f "$out/.complete" ]; then echo "$out"; exit 0; fi

tmp=$(mktemp -d "$cache_root/.build-$name-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Migration from the first cache layout (key = sha256(go.sum) only, before kubectl and the recipe
# key): an entry built by that build.sh is adopted, by hard links so the old name stays valid for
# older checkouts, when this build's packages and ldflags are exactly the ones it used and its
# binaries were built by this Go version. (That layout's key did not cover etcd/main.go: an entry
# adopted here is as good as the old script's own cache hit was.)
adopt_legacy() {
  local legacy="$cache_root/$mod-$(sha256sum "$src/go.sum" | cut -c1-16)" lpkgs lldflags first gv
  [ -z "$git_version" ] && [ -f "$legacy/.complete" ] || return 1
  case "$mod" in
    k8s-v*)
      lpkgs="k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kube-scheduler ./etcd"
      local major=${kver#v} minor=${kver#v*.}
      major=${major%%.*}; minor=${minor%%.*}
      lldflags="-s -w -X k8s.io/component-base/version.gitVersion=$kver -X k8s.io/component-base/version.gitMajor=$major -X k8s.io/component-base/version.gitMinor=$minor -X k8s.io/component-base/version.gitTreeState=clean -X k8s.io/component-base/version.buildDate=2026-01-01T00:00:00Z" ;;
    kwok) lpkgs="sigs.k8s.io/kwok/cmd/kwok"; lldflags="-s -w" ;;
    *) return 1 ;;
  esac
  [ "$pkgs" = "$lpkgs" ] && [ "$ldflags" = "$lldflags" ] || return 1
  first=$(find "$legacy" -maxdepth 1 -type f -perm -u+x | head -1)
  [ -n "$first" ] || return 1
  gv=$(GOWORK=off go version "$first" 2>/dev/null | awk '{print $2}')
  [ "$gv" = "${goversion%% *}" ] || return 1
  rm -rf "$tmp" && cp -al "$legacy" "$tmp" || return 1
  echo "$legacy" > "$tmp/.adopted-from"
  echo "build.sh: adopted $legacy (first cache layout, same packages, ldflags and Go)" >&2
}

start=$(date +%s)
if ! adopt_legacy; then
  mkdir -p "$tmp"
  echo "build.sh: building $name into $out (cold builds of Kubernetes take 10-30 minutes on 2 cores)" >&2
  ( cd "$src" && env $buildenv nice -n "${STUDIOCTL_E2E_NICE:-10}" go build -trimpath -ldflags "$ldflags" -o "$tmp/" $pkgs ) >&2
  if [ "$copy_stages" = 1 ]; then
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
fi
printf '%s\n' "$recipe_text" > "$tmp/.recipe"
touch "$tmp/.complete"
rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT
echo "build.sh: $name ready in $(( $(date +%s) - start ))s ($out)" >&2
echo "$out"
