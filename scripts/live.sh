#!/usr/bin/env bash
# scripts/live.sh VERSION: start a real control plane (e2e/cluster.sh), seed it, run the live suite
# (compare with kubectl of the server's version; with STUDIOCTL_LIVE_RECORD=1 also rewrite
# testdata/replay/<server version>), then stop the cluster. The binaries are cached outside the
# clone, so a second run starts in seconds.
# STUDIOCTL_LIVE_BIG=1 (with STUDIOCTL_LIVE_RECORD=1): after the suite, seed the big scenario and
# record the tree's caps into testdata/replay/<server version>-caps. STUDIOCTL_KEEP_CLUSTER=1 leaves
# the cluster running. STUDIOCTL_LIVE_GROUPS=55-auth,... (with STUDIOCTL_LIVE_RECORD=1) runs and
# records only those statement groups into the recording already there, on its clock: for a cluster
# kept from the run that made it; STUDIOCTL_LIVE_REUSE=1 runs on a cluster already up and seeded
# (and leaves it up). STUDIOCTL_LIVE_DEMO=OUT (with STUDIOCTL_LIVE_RECORD=1): after the recording and
# before the big scenario, capture the demo snapshot of the seeded scenario into OUT
# (scripts/demo-snapshot.sh). Every phase's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-v1.37}
state_root=${STUDIOCTL_E2E_STATE:-/tmp/studioctl-e2e}
state="$state_root/$version"
keep=${STUDIOCTL_KEEP_CLUSTER:-0}
t0=$(date +%s)
phases=()
phase() { phases+=("$(printf '%-28s %5ds' "$1" "$(( $(date +%s) - $2 ))")"); }
report() {
  [ ${#phases[@]} -gt 0 ] || return 0
  echo "live.sh $version timings:"
  printf '  %s\n' "${phases[@]}"
  printf '  %-28s %5ds\n' total "$(( $(date +%s) - t0 ))"
}
cleanup() {
  local rc=$?
  [ "$keep" = 1 ] || bash e2e/cluster.sh down "$version" >/dev/null 2>&1 || true
  report
  exit $rc
}
trap cleanup EXIT

# Everything that needs the Go module proxy or a compiler happens first: the cached binaries
# (control plane, kwok, kubectl, metrics-server) and the test binary.
t=$(date +%s); bash e2e/cluster.sh build "$version" >/dev/null; phase "binaries (build or cache)" "$t"
t=$(date +%s); go test -c -o /dev/null ./internal/livetest/ >/dev/null; phase "compile the live suite" "$t"
# npm_tool VAR NAME PACKAGE@VERSION BIN: a test tool nobody here wrote, from npm, installed once per
# version into the binary cache (a failed install leaves nothing behind); VAR names its binary
# (BIN, under the install folder) for the live suite. Without npm, or when the install fails, VAR
# stays unset and the test that needs it says it was not run.
npm_tool() {
  local var=$1 name=$2 pkg=$3 bin=$4 t
  local dir=${STUDIOCTL_E2E_CACHE:-$HOME/.cache/studioctl-e2e}/$name
  if [ ! -x "$dir/$bin" ] && command -v npm >/dev/null 2>&1; then
    t=$(date +%s)
    mkdir -p "$dir.partial"
    if (cd "$dir.partial" && npm install --silent --no-audit --no-fund "$pkg" >/dev/null 2>&1); then
      rm -rf "$dir" && mv "$dir.partial" "$dir"
    else
      rm -rf "$dir.partial"; echo "live.sh: $pkg could not be installed; the test that needs $var will skip" >&2
    fi
    phase "install $pkg" "$t"
  fi
  if [ -x "$dir/$bin" ]; then
    export "$var=$dir/$bin"
  fi
}
# The official MCP Inspector, for TestMCPInspector.
npm_tool STUDIOCTL_MCP_INSPECTOR mcp-inspector-2.12.0 @modelcontextprotocol/inspector@2.12.0 node_modules/.bin/mcp-inspector
# The SARIF Multitool, a SARIF validator with GitHub code scanning's rules, for
# TestAuditSARIFMultitool. Its npm wrapper runs the binary through a shell, which splits the rule
# list at its semicolon, so the test runs the binary itself.
npm_tool STUDIOCTL_SARIF_MULTITOOL sarif-multitool-5.7.0 @microsoft/sarif-multitool@5.7.0 \
  node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
# junit2json, a JUnit parser, for TestAuditJUnitParser.
npm_tool STUDIOCTL_JUNIT2JSON junit2json-4.0.0 junit2json@4.0.0 node_modules/.bin/junit2json
if [ "${STUDIOCTL_LIVE_REUSE:-0}" = 1 ] && bash e2e/cluster.sh status "$version" >/dev/null 2>&1; then
  # A kept cluster, already seeded: used as it is (and kept).
  keep=1
  echo "live.sh: using the running $version cluster as it is"
else
  t=$(date +%s); bash e2e/cluster.sh up "$version"; phase "cluster up" "$t"
  t=$(date +%s); bash e2e/seed.sh "$version"; phase "seed" "$t"
fi

# A recording is written to a fresh folder and moved into testdata/replay only when the whole
# suite passed, so a failed run never leaves a half recording (or none, which the demo embeds).
record=""
if [ "${STUDIOCTL_LIVE_RECORD:-0}" = 1 ]; then
  record=$(mktemp -d)
fi
log=/tmp/studioctl-live-$version.log
t=$(date +%s)
# Recording chosen groups needs only the statement suite.
run=${STUDIOCTL_LIVE_GROUPS:+^TestLive\$}
STUDIOCTL_LIVE_STATE="$state" STUDIOCTL_LIVE_RECORD="$record" go test -count=1 -timeout 30m -v ${run:+-run "$run"} ./internal/livetest/ 2>&1 | tee "$log" | grep -E '^(=== RUN|--- |PASS|FAIL|ok|.*statements.*compared|.*differs from kubectl)' || true
phase "live suite" "$t"
if ! grep -q '^ok' "$log"; then
  # The filter above keeps a run's outline; a failing test's own lines say why, so they are shown
  # here (from its RUN line to its FAIL line, 300 lines at most).
  failed=$(sed -n 's/^ *--- FAIL: \([^ ]*\).*/\1/p' "$log" | tr '\n' ' ')
  awk -v failed=" $failed" '
    /^=== RUN / { name = $3; on = index(failed, " " name " ") > 0 }
    on { print }
    /^ *--- FAIL: / { on = 0 }
  ' "$log" | head -300
  exit 1
fi
if [ -n "$record" ]; then
  server=$(sed -n 's/^ *live_test.go:[0-9]*: server \(v[0-9][^ ]*\)$/\1/p' "$log" | head -1)
  [ -n "$server" ] || { echo "live.sh: the suite did not name the server version" >&2; exit 1; }
  if [ -n "${STUDIOCTL_LIVE_GROUPS:-}" ]; then
    # Only some groups were recorded: their files join (and replace) those of the recording
    # already there, whose clock the suite ran on.
    # A server with no recording yet gets one of just those groups.
    for d in "$record"/*/; do
      id=$(basename "$d")
      mkdir -p "testdata/replay/$server/$id"
      cp "$d"* "testdata/replay/$server/$id/"
    done
    rm -rf "$record"
    go run scripts/compact-recordings.go "testdata/replay/$server"
    chmod -R a+rX "testdata/replay/$server"
    echo "recorded groups $STUDIOCTL_LIVE_GROUPS into testdata/replay/$server"
  else
    rm -rf "testdata/replay/$server"
    mkdir -p testdata/replay
    mv "$record" "testdata/replay/$server"
    go run scripts/compact-recordings.go "testdata/replay/$server"
    chmod -R a+rX "testdata/replay/$server"
    echo "recorded testdata/replay/$server"
  fi
  if [ -n "${STUDIOCTL_LIVE_DEMO:-}" ]; then
    t=$(date +%s); bash scripts/demo-snapshot.sh "$state" "$STUDIOCTL_LIVE_DEMO"; phase "demo snapshot" "$t"
  fi
  if [ "${STUDIOCTL_LIVE_BIG:-0}" = 1 ] && [ -z "${STUDIOCTL_LIVE_GROUPS:-}" ]; then
    t=$(date +%s); bash e2e/seed.sh "$version" --big; phase "seed --big" "$t"
    caps=$(mktemp -d)
    t=$(date +%s)
    STUDIOCTL_LIVE_STATE="$state" STUDIOCTL_LIVE_RECORD_CAPS="$caps" go test -count=1 -timeout 20m -run '^TestRecordCaps$' ./internal/livetest/
    phase "record the caps" "$t"
    rm -rf "testdata/replay/$server-caps"
    mv "$caps" "testdata/replay/$server-caps"
    go run scripts/compact-recordings.go "testdata/replay/$server-caps"
    chmod -R a+rX "testdata/replay/$server-caps"
    echo "recorded testdata/replay/$server-caps"
  fi
fi
# The snapshot oracle on the big scenario (issue 26): seed --big (idempotent: quick when the caps
# step seeded it) and compare its reads live and from a capture with the defaults.
# STUDIOCTL_LIVE_ORACLE_BIG=0 leaves it out.
if [ "${STUDIOCTL_LIVE_ORACLE_BIG:-1}" = 1 ] && [ -z "${STUDIOCTL_LIVE_GROUPS:-}" ]; then
  t=$(date +%s); bash e2e/seed.sh "$version" --big >/dev/null; phase "seed --big" "$t"
  biglog=/tmp/studioctl-live-$version-big.log
  t=$(date +%s)
  STUDIOCTL_LIVE_STATE="$state" go test -count=1 -timeout 20m -v -run '^TestSnapshotOracleBig$' ./internal/livetest/ >"$biglog" 2>&1 || true
  grep -E '^(--- |ok|FAIL)|snapshot oracle \(big\)|differ' "$biglog" | head -40 || true
  phase "snapshot oracle (big)" "$t"
  grep -q '^ok' "$biglog"
fi
