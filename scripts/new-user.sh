#!/usr/bin/env bash
# scripts/new-user.sh: a new user's first statements. Every statement in README.md's sh blocks and
# every help example (read from the command table and the command tree) runs against the demo
# (--replay demo in place of --kubeconfig, --context or --connection). Those that cannot run there
# (live until Ctrl-C, a terminal, a file, a saved connection) are listed with the reason; any other
# failure fails the script, and so does an example that prints nothing on stdout (but those the
# test's quietRules name, with the reason, which must say something on stderr) and an `error:` line
# on stderr with exit 0. The test is cmd/studioctl's TestNewUser*; make test runs only its
# extraction and parse check; .ci/run calls this script after make test.
set -euo pipefail
cd "$(dirname "$0")/.."
STUDIOCTL_NEWUSER=1 exec go test -count=1 -run '^TestNewUser' -v ./cmd/studioctl/
