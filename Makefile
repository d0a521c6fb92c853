# studioctl: the commands a developer and CI run. `make help` lists them.
GO       ?= go
BIN      ?= bin/studioctl
# A tag names a release; a work tree without one is v0.1.0-dev with its commit, still a semantic
# version (SARIF's driver version must be one).
VERSION  ?= $(shell git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null || echo "v0.1.0-dev+$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)")
LDFLAGS  := -s -w -X github.com/studioctl/studioctl/kube.Version=$(VERSION)
LIVE_VERSION ?= v1.37
E2E_STATE ?= $(or $(STUDIOCTL_E2E_STATE),/tmp/studioctl-e2e)
FUZZTIME ?= 30s

.PHONY: help build test race fuzz e2e record demo-snapshot bench demo vet clean

help:
	@echo "make build   build $(BIN) (stripped)"
	@echo "make test    unit, replay and fuzz-seed tests, with -race where goroutines run (no server needed)"
	@echo "make e2e     build and start a real control plane, compare with kubectl (live suite)"
	@echo "make record  as e2e, and rewrite testdata/replay from the live servers (v1.37 with the big"
	@echo "             scenario's caps, v1.34, and discover on a v1.37.2-eks-1 build) and demo/demo.snap"
	@echo "make demo-snapshot  capture demo/demo.snap from the running, seeded v1.37 cluster as the"
	@echo "             demo's reader (scripts/demo-snapshot.sh), and rewrite the examples' output"
	@echo "make bench   time studioctl against kubectl on the big scenario (starts a cluster if none runs; not in CI)"
	@echo "make fuzz    run every fuzz target for FUZZTIME (FUZZ_TARGETS lists them)"

build:
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/studioctl

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); echo 'gofmt needed'; exit 1)

# make test runs in two passes. The race pass runs every package with -race except PLAIN_PKGS,
# whose code and tests start no goroutine (the detector can find nothing there, and multiplies
# their time by ten). The plain pass runs PLAIN_PKGS, then the PLAIN_TESTS (folder:Test) whole:
# tests that read internal/race to do less under -race (a sample of their cases, or nothing when
# they measure the heap). TestMakeTestRunsEveryTestWhole checks both lists against the code.
MODULE      := github.com/studioctl/studioctl
PLAIN_PKGS  := printer printer/jsonpath kubeconfig
PLAIN_TESTS := internal/clitest:TestStreamedGetPrintsWhatTheWholeListPrints internal/clitest:TestCanaryReplay snapshot:TestLogsAreUnpackedOnlyWhenRead \
	snapshot:TestReplayHoldsFlatMemory snapshot:TestCaptureHoldsFlatMemory read:TestStreamedJSONHeapIsFlat \
	browse/screen:TestMemoryFlatWhileRefreshing browse/screen:TestMemoryFlatWhileTheFeedRefreshes20000Pods

empty :=
space := $(empty) $(empty)
plain_names := $(subst $(space),|,$(strip $(foreach t,$(PLAIN_TESTS),$(lastword $(subst :, ,$(t))))))
plain_dirs  := $(sort $(foreach t,$(PLAIN_TESTS),./$(firstword $(subst :, ,$(t)))))

# Both passes run even when the first fails, so one run reports every failure. The plain pass
# runs beside the race pass (its output held and printed after it): the race pass alone keeps
# about 1.4 of 2 cores busy, its last packages running alone.
test: vet
	@status=0; plain=$$(mktemp); set -x; \
	{ s=0; $(GO) test -count=1 $(addprefix ./,$(PLAIN_PKGS)) || s=1; \
	  $(GO) test -count=1 -run '^($(plain_names))$$' $(plain_dirs) || s=1; exit $$s; } >$$plain 2>&1 & plainpid=$$!; \
	$(GO) test -race -count=1 -p 4 $$($(GO) list ./... | grep -vxF $(foreach p,$(PLAIN_PKGS),-e $(MODULE)/$(p))) || status=1; \
	wait $$plainpid || status=1; \
	set +x; echo '--- the plain pass'; cat $$plain; rm -f $$plain; \
	exit $$status

# Every fuzz target of the module, each for FUZZTIME (go test runs one -fuzz target at a time).
FUZZ_TARGETS := policy:FuzzCheck policy:FuzzCheckRaw read:FuzzParse kubeconfig:FuzzParse redact:FuzzMachine redact:FuzzPeople \
	redact:FuzzMachineCounted printer:FuzzPrinters printer:FuzzForms printer/jsonpath:FuzzParse \
	statement:FuzzMaskCredentialsCanary statement:FuzzLexAgreesWithShellwords apivalue:FuzzSelectors \
	snapshot:FuzzParse snapshot:FuzzStreamingReader mcp:FuzzToolArguments apivalue:FuzzParseQuantity \
	record:FuzzBodyStore

fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t#*:}; \
		echo "fuzz ./$$pkg $$name"; \
		$(GO) test ./$$pkg -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

e2e:
	bash scripts/live.sh $(LIVE_VERSION)

record:
	STUDIOCTL_LIVE_RECORD=1 STUDIOCTL_LIVE_DEMO=demo/demo.snap STUDIOCTL_LIVE_BIG=1 bash scripts/live.sh v1.37
	$(GO) run scripts/update-examples.go . ./run ./browse
	STUDIOCTL_LIVE_RECORD=1 bash scripts/live.sh v1.34
	# A kube-apiserver that says v1.37.2-eks-1: discover's version detection on a real server.
	rm -rf testdata/replay/v1.37.2-eks-1
	STUDIOCTL_E2E_STATE=/tmp/studioctl-eks STUDIOCTL_E2E_GIT_VERSION=v1.37.2-eks-1 STUDIOCTL_LIVE_RECORD=1 \
		STUDIOCTL_LIVE_GROUPS=84-platform bash scripts/live.sh v1.37

# The demo (package demo embeds it): a snapshot of the seeded v1.37 scenario as demo/demo-reader.yaml,
# from a cluster kept up (STUDIOCTL_KEEP_CLUSTER=1 or STUDIOCTL_LIVE_REUSE=1 scripts/live.sh);
# then the examples' // Output: comments are rewritten from it (review the diff).
demo-snapshot:
	bash scripts/demo-snapshot.sh $(E2E_STATE)/v1.37 demo/demo.snap
	$(GO) run scripts/update-examples.go . ./run ./browse

bench: build
	bash scripts/bench.sh

demo:
	$(GO) run ./cmd/studioctl --replay demo get pods -A

clean:
	rm -rf bin
