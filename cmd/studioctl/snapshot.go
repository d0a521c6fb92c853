package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"time"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/snapshot"
)

// snapshotFlags are what `studioctl snapshot FILE` takes.
type snapshotFlags struct {
	namespaces []string
	all        bool
	logLines   int
	maxSizeMiB int64
}

func snapshotCommand(f *Factory) *cobra.Command {
	var fl snapshotFlags
	cmd := &cobra.Command{
		Use:   "snapshot FILE [-n NS]... [--log-lines N] [--max-size MiB]",
		Short: "Capture the cluster into one Secret-free file that --replay FILE answers every read from, offline",
		Long: "snapshot reads every kind the identity may list (every namespace by default, or the -n ones), with\n" +
			"the server's tables, events, the last lines of each container's log, metrics when served, discovery,\n" +
			"the OpenAPI documents and the identity's self reviews, into one zip file (docs/snapshot.md). Secret\n" +
			"values are stripped at capture; with --redact machine, machine masking is applied too. --max-rows\n" +
			"caps each kind per namespace (every object is kept without it); --max-size caps the file. Ctrl-C\n" +
			"leaves no partial file. snapshot diff A B says what changed between two snapshots.",
		Example: "  studioctl --kubeconfig k.yaml snapshot cluster.snap\n  studioctl --replay cluster.snap get pods -A\n  studioctl snapshot inspect cluster.snap",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSnapshot(cmd.Context(), f, args[0], fl)
		},
	}
	fs := cmd.Flags()
	fs.StringArrayVarP(&fl.namespaces, "namespace", "n", nil, "capture this namespace (repeatable; default: every namespace)")
	fs.BoolVarP(&fl.all, "all-namespaces", "A", false, "capture every namespace (the default)")
	fs.IntVar(&fl.logLines, "log-lines", limits.DefaultLogLines, fmt.Sprintf("last lines kept of each container's log (0 to %d)", limits.SnapshotMaxLogLines))
	fs.Int64Var(&fl.maxSizeMiB, "max-size", limits.SnapshotDefaultBytes>>20, fmt.Sprintf("size cap of the file in MiB (at most %d)", limits.SnapshotMaxBytes>>20))
	cmd.AddCommand(&cobra.Command{
		Use: "inspect FILE", Short: "Print a snapshot's manifest: when, from which server, as whom, what was locked or cut",
		Long:    "inspect reads a snapshot file's manifest and prints it; nothing is sent. It reminds that names, labels,\nimages and log lines remain in the file.",
		Example: "  studioctl snapshot inspect cluster.snap",
		Args:    cobra.ExactArgs(1),
		RunE:    func(cmd *cobra.Command, args []string) error { return runSnapshotInspect(f, args[0]) },
	})
	cmd.AddCommand(snapshotDiffCommand(f))
	return cmd
}

// snapshotDiffFlags are what `studioctl snapshot diff A B` takes.
type snapshotDiffFlags struct {
	output       string
	failOnChange bool
}

func snapshotDiffCommand(f *Factory) *cobra.Command {
	var fl snapshotDiffFlags
	cmd := &cobra.Command{
		Use:   "diff A B [-o table|json|markdown] [--fail-on-change]",
		Short: "What changed between two snapshots of one cluster: objects added, removed and changed, by kind",
		Long: "diff reads two snapshot files (nothing is sent) and lists the objects added, removed and changed from A\n" +
			"to B by kind, namespace and name, with the fields that changed (paths, never values), and a summary line\n" +
			"per kind. Snapshots of two different clusters are refused. With --redact machine, Secret names are\n" +
			"masked. --fail-on-change exits 4 when anything changed (a CI drift check).",
		Example: "  studioctl snapshot diff monday.snap tuesday.snap\n  studioctl snapshot diff a.snap b.snap -o markdown --fail-on-change",
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSnapshotDiff(cmd.Context(), f, args[0], args[1], fl)
		},
	}
	cmd.Flags().StringVarP(&fl.output, "output", "o", snapshot.DiffTable, "table, json or markdown")
	cmd.Flags().BoolVar(&fl.failOnChange, "fail-on-change", false, "exit 4 when anything changed")
	return cmd
}

func runSnapshotDiff(ctx context.Context, f *Factory, pathA, pathB string, fl snapshotDiffFlags) error {
	jsonErrors := fl.output == snapshot.DiffJSON
	mode, err := redactMode(f.flags.redact)
	if err == nil {
		err = snapshot.CheckDiffForm(fl.output)
	}
	if err != nil {
		return fail(err, jsonErrors)
	}
	var snaps [2]*studioctl.Snapshot
	for i, path := range []string{pathA, pathB} {
		snap, err := openSnapshotFile(path)
		if err != nil {
			return fail(err, jsonErrors)
		}
		defer snap.Close()
		snaps[i] = snap
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, limits.StatementDeadline("snapshot"))
	defer cancel()
	r, err := snapshot.Diff(ctx, snaps[0], snaps[1], snapshot.DiffOptions{PathA: pathA, PathB: pathB, Machine: mode == studioctl.Machine})
	if err != nil {
		return fail(err, jsonErrors)
	}
	if err := r.Print(f.IO.Out, fl.output); err != nil {
		return fail(err, jsonErrors)
	}
	if fl.failOnChange && r.Changed() {
		return exitStatus(fault.ExitWarnings)
	}
	return nil
}

func runSnapshot(ctx context.Context, f *Factory, path string, fl snapshotFlags) error {
	io := f.IO
	if f.flags.replay != "" {
		return fail(fault.Refusef(CodeFlags, sentenceSnapshotReplay), false)
	}
	if fl.all && len(fl.namespaces) > 0 {
		return fail(fault.Refusef(CodeFlags, sentenceSnapshotScope), false)
	}
	rec := snapshot.NewRecorder()
	s, err := f.openWith(func(o *studioctl.Options) {
		inner.Capture(o, rec, false)
		o.CacheDir, o.MaxRows = "", 0
	})
	if err != nil {
		return fail(err, false)
	}
	o := snapshot.Options{
		Path: path, Namespaces: fl.namespaces, LogLines: fl.logLines, MaxRows: f.flags.maxRows.n,
		MaxBytes: fl.maxSizeMiB << 20, Machine: s.Mode() == studioctl.Machine,
	}
	o.NoLogs = fl.logLines == 0
	o.Progress = progressDisplay(io)
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	sum, err := snapshot.Capture(ctx, inner.Client(s), rec, o)
	if io.ErrTTY {
		fmt.Fprint(io.Err, "\r\x1b[K")
	}
	if err != nil {
		return fail(err, false)
	}
	for _, l := range sum.Lines(path) {
		fmt.Fprintln(io.Out, l)
	}
	return nil
}

// progressDisplay rewrites one line on a terminal (at most ten times a second) and prints a plain
// line per kind otherwise.
func progressDisplay(io *IOStreams) func(snapshot.Progress) {
	var mu sync.Mutex
	var last time.Time
	lastKinds, logsTold := -1, false
	return func(p snapshot.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if io.ErrTTY {
			if time.Since(last) < limits.ProgressTTYEvery {
				return
			}
			last = time.Now()
			fmt.Fprint(io.Err, "\r\x1b[Ksnapshot: "+p.Line())
			return
		}
		logsDone := p.LogsTotal > 0 && p.LogsDone == p.LogsTotal
		if p.KindsDone != lastKinds || logsDone && !logsTold {
			lastKinds, logsTold = p.KindsDone, logsDone
			fmt.Fprintln(io.Err, "snapshot: "+p.Line())
		}
	}
}

func runSnapshotInspect(f *Factory, path string) error {
	snap, err := openSnapshotFile(path)
	if err != nil {
		return fail(err, false)
	}
	for _, l := range snap.Manifest.Describe() {
		fmt.Fprintln(f.IO.Out, l)
	}
	return nil
}

// openSnapshotFile reads the snapshot that inspect or diff names: "demo" is the embedded demo, as
// for --replay; anything else a file.
func openSnapshotFile(path string) (*studioctl.Snapshot, error) {
	if path == demo.Name {
		return demo.Snapshot()
	}
	snap, err := studioctl.LoadSnapshot(path)
	if err != nil {
		return nil, replayUnreadable(path, err)
	}
	return snap, nil
}
