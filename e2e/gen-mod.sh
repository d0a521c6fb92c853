#!/usr/bin/env bash
# Regenerate go.mod/go.sum for a Kubernetes control-plane build module.
# Usage: e2e/gen-mod.sh DIR K8S_VERSION MODULE_PATH   e.g. gen-mod.sh k8s-v1.37 v1.37.2 studioctl.test/e2e/k8s137
# Every k8s.io/* staging module that k8s.io/kubernetes lists at v0.0.0 gets a replace to v0.<minor>.<patch>.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$1 kver=$2 mod=$3
sver="v0.${kver#v1.}"
cd "$here/$dir"
modfile=$(go mod download -json "k8s.io/kubernetes@$kver" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')
goline=$(grep -m1 '^go ' "$modfile")
{
  echo "module $mod"
  echo
  echo "$goline"
  echo
  echo "require k8s.io/kubernetes $kver"
  echo
  echo "replace ("
  grep -E '^\s+k8s\.io/[a-z0-9-]+ v0\.0\.0$' "$modfile" | awk -v v="$sver" '{print "\t" $1 " => " $1 " " v}'
  echo ")"
} > go.mod
go mod tidy
