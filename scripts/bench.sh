#!/usr/bin/env bash
# scripts/bench.sh: time studioctl against kubectl (of the server's version) on the same live
# server, paired runs, on the big scenario (a namespace `big` of 4,900 pods, 1,050 namespaces), then
# get pods -A -o json, -o yaml and -o jsonpath with namespace big scaled to each of BIG_SIZES pods
# (default 5,000 and 20,000: memory should stay flat between them), and at each size a snapshot
# capture of the cluster (-A) and its replay (get pods -A, -o json) beside the live reads.
# GET_BENCH=0 leaves out the get benches at each size (snapshot figures only); TABLE_BENCH=0 the
# table benches; SNAPSHOT_BENCH=0 the snapshot figures; AUDIT_BENCH=0 the four audit readings. Uses the running cluster of LIVE_VERSION if there is one (seeding --big if it lacks it); otherwise
# starts one, seeds it with --big, and stops it at the end (STUDIOCTL_KEEP_CLUSTER=1 keeps it).
# Reports, per command: median wall time over RUNS paired runs, peak RSS, requests, and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${LIVE_VERSION:-v1.37}
state=${STUDIOCTL_E2E_STATE:-/tmp/studioctl-e2e}/$version
started=0
if ! bash e2e/cluster.sh status "$version" >/dev/null 2>&1; then
  bash e2e/cluster.sh up "$version"
  bash e2e/seed.sh "$version"
  started=1
fi
kubeconfig=$state/admin.kubeconfig
kubectl=${KUBECTL:-$(sed -n "s/^KUBECTL='\(.*\)'$/\1/p" "$state/env")}
[ -x "$kubectl" ] || { echo "bench.sh: no kubectl (set KUBECTL)" >&2; exit 1; }
if ! "$kubectl" --kubeconfig "$kubeconfig" get namespace big >/dev/null 2>&1; then
  bash e2e/seed.sh "$version" --big
fi
studioctl=${STUDIOCTL:-bin/studioctl}
# studioctl's own flags: kubectl has no row cap, so studioctl's is raised to its ceiling.
sflags=(--max-rows 1000000)
runs=${RUNS:-9}
work=$(mktemp -d)
cleanup() {
  rm -rf "$work"
  if [ "$started" = 1 ] && [ "${STUDIOCTL_KEEP_CLUSTER:-0}" != 1 ]; then bash e2e/cluster.sh down "$version" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
export KUBECACHEDIR=$work/kubectl-cache XDG_CACHE_HOME=$work/xdg-cache

# measure NAME CMD...: runs the command once, prints "seconds maxrss_kb" (GNU time).
measure() {
  /usr/bin/time -f '%e %M' -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  cat "$work/t"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

bench() {
  local label=$1; shift
  local args=("$@")
  # Warm both discovery caches first.
  "$kubectl" --kubeconfig "$kubeconfig" "${args[@]}" >/dev/null 2>&1
  "$studioctl" "${sflags[@]}" --kubeconfig "$kubeconfig" "${args[@]}" >/dev/null 2>&1
  : >"$work/k"; : >"$work/s"
  for _ in $(seq "$runs"); do
    measure "$kubectl" --kubeconfig "$kubeconfig" "${args[@]}" >>"$work/k"
    measure "$studioctl" "${sflags[@]}" --kubeconfig "$kubeconfig" "${args[@]}" >>"$work/s"
  done
  local kt km st sm kreq sreq
  kt=$(cut -d' ' -f1 "$work/k" | median); km=$(cut -d' ' -f2 "$work/k" | median)
  st=$(cut -d' ' -f1 "$work/s" | median); sm=$(cut -d' ' -f2 "$work/s" | median)
  kreq=$("$kubectl" --kubeconfig "$kubeconfig" -v=6 "${args[@]}" 2>&1 >/dev/null | grep -cE '"HTTP Request"|GET https|round_trippers' || true)
  sreq=$("$studioctl" "${sflags[@]}" -v 6 --kubeconfig "$kubeconfig" "${args[@]}" 2>&1 >/dev/null | grep -c '^studioctl: GET' || true)
  printf '%-38s kubectl %6.2fs %7d KiB %3s req | studioctl %6.2fs %7d KiB %3s req | time %.2fx  memory %.2fx\n' \
    "$label" "$kt" "$km" "$kreq" "$st" "$sm" "$sreq" "$(awk -v a="$st" -v b="$kt" 'BEGIN{print a/b}')" "$(awk -v a="$sm" -v b="$km" 'BEGIN{print a/b}')"
}

echo "server $(grep -o 'https://[^ ]*' "$kubeconfig" | head -1), $runs paired runs, medians"
if [ "${TABLE_BENCH:-1}" != 0 ]; then
  bench "get pods -n big" get pods -n big
  bench "get pods -n shop" get pods -n shop
fi
# snapbench N: one capture of the whole cluster (its wall, peak memory and file size), then the
# replay of get pods -A and -o json from it (medians of RUNS), beside the live studioctl read.
snapbench() {
  local n=$1 snap=$work/big-$1.snap
  rm -f "$snap"
  # No --max-rows: a capture keeps every object by default (its --max-rows caps each namespace).
  measure "$studioctl" --kubeconfig "$kubeconfig" snapshot "$snap" -A >"$work/c"
  printf '%-38s %6.2fs %7d KiB  file %d bytes\n' "snapshot capture -A ($n)" $(cat "$work/c") "$(stat -c %s "$snap")"
  local args
  for args in "get pods -A" "get pods -A -o json"; do
    : >"$work/r"; : >"$work/l"
    for _ in $(seq "$runs"); do
      measure "$studioctl" "${sflags[@]}" --replay "$snap" $args >>"$work/r"
      measure "$studioctl" "${sflags[@]}" --kubeconfig "$kubeconfig" $args >>"$work/l"
    done
    printf '%-38s replay %6.2fs %7d KiB | live %6.2fs %7d KiB | wall %.2fx\n' "$args ($n)" \
      "$(cut -d' ' -f1 "$work/r" | median)" "$(cut -d' ' -f2 "$work/r" | median)" \
      "$(cut -d' ' -f1 "$work/l" | median)" "$(cut -d' ' -f2 "$work/l" | median)" \
      "$(awk -v a="$(cut -d' ' -f1 "$work/r" | median)" -v b="$(cut -d' ' -f1 "$work/l" | median)" 'BEGIN{print a/b}')"
  done
  rm -f "$snap"
}

# auditbench N: each audit reading of every namespace, live (medians of RUNS): wall and peak
# memory, which should stay flat from one size to the next. kubectl has no audit to pair with.
auditbench() {
  local n=$1 reading
  for reading in workloads usage rbac hygiene; do
    : >"$work/a"
    for _ in $(seq "$runs"); do
      measure "$studioctl" "${sflags[@]}" --kubeconfig "$kubeconfig" audit "$reading" -A --fail-on none -o json >>"$work/a"
    done
    printf '%-38s studioctl %6.2fs %7d KiB\n' "audit $reading -A ($n)" "$(cut -d' ' -f1 "$work/a" | median)" "$(cut -d' ' -f2 "$work/a" | median)"
  done
}

for n in ${BIG_SIZES:-5000 20000}; do
  BIG_PODS=$n bash e2e/seed.sh "$version" --big >/dev/null
  if [ "${GET_BENCH:-1}" != 0 ]; then
    bench "get pods -A -o json ($n)" get pods -A -o json
    bench "get pods -A -o yaml ($n)" get pods -A -o yaml
    bench "get pods -A -o jsonpath ($n)" get pods -A -o 'jsonpath={..image}'
  fi
  [ "${SNAPSHOT_BENCH:-1}" = 0 ] || snapbench "$n"
  [ "${AUDIT_BENCH:-1}" = 0 ] || auditbench "$n"
done
ls -l "$studioctl" "$kubectl" | awk '{print $5, $9}'
