package studioctl_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/run"
)

// The examples read the demo cluster (package demo): a snapshot of a real v1.37.2 API server,
// taken as the reader identity of deploy/studioctl-reader.yaml.
// A program reading a live cluster opens its session with OpenKubeconfig, Open or OpenSaved
// instead; the reads are the same.

// List pods across namespaces: here, those not finished on node kwok-node-0.
func ExampleSession_List() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	pods := s.List(ctx, "pods", studioctl.ListOptions{
		AllNamespaces: true,
		FieldSelector: "spec.nodeName=kwok-node-0,status.phase!=Succeeded,status.phase!=Failed",
	})
	for pod, err := range pods {
		if err != nil {
			panic(err)
		}
		fmt.Println(pod.Namespace(), pod.Name(), pod.String("status", "phase"))
	}
	// Output:
	// default guestbook-5fcbd6c8b7-7thbk Running
	// kube-system coredns-678bd56585-p896g Running
	// monitoring alertmanager-1 Running
	// monitoring grafana-6f5896969-gfqqt Running
	// monitoring node-exporter-kpkfr Running
	// payments payments-api-9c8c86b45-8cgwt Running
	// shop api-7bdc65c7b5-5rwvz Running
	// shop postgres-1 Running
	// shop web-568bd749f7-s8hc7 Running
	// toolhive-system toolhive-operator-84c7ff9fb4-tfx6g Running
}

// Print the server's table of pods in every namespace, the columns kubectl prints by default.
func ExampleSession_Table() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	t, err := s.Table(ctx, "pods", studioctl.ListOptions{AllNamespaces: true})
	if err != nil {
		panic(err)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprint(w, "NAMESPACE")
	for _, c := range t.Columns {
		if c.Priority == 0 {
			fmt.Fprint(w, "\t"+strings.ToUpper(c.Name))
		}
	}
	fmt.Fprintln(w)
	for _, row := range t.Rows[:5] {
		fmt.Fprint(w, row.Object.Namespace())
		for i, c := range t.Columns {
			if c.Priority == 0 && c.Name != "Age" {
				fmt.Fprint(w, "\t"+row.Cell(i))
			} else if c.Priority == 0 {
				fmt.Fprint(w, "\t-") // ages depend on the clock
			}
		}
		fmt.Fprintln(w)
	}
	w.Flush()
	// Output:
	// NAMESPACE    NAME                            READY  STATUS   RESTARTS  AGE
	// default      guestbook-5fcbd6c8b7-7thbk      1/1    Running  0         -
	// default      guestbook-5fcbd6c8b7-9st55      1/1    Running  0         -
	// kube-system  coredns-678bd56585-dt25r        1/1    Running  0         -
	// kube-system  coredns-678bd56585-p896g        1/1    Running  0         -
	// ml-platform  llm-inference-5497b9d9b6-lclm9  1/1    Running  0         -
}

// Read the tail of a container's log.
func ExampleSession_Logs() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	log, err := s.Logs(ctx, "shop", "postgres-0", studioctl.LogOptions{Container: "postgres", TailLines: 5})
	if err != nil {
		panic(err)
	}
	io.Copy(os.Stdout, log)
	// Output:
	// 2026-01-15 09:10:01.200 UTC [25] LOG:  checkpoint starting: time
	// 2026-01-15 09:10:02.870 UTC [25] LOG:  checkpoint complete: wrote 18 buffers (0.1%)
	// 2026-01-15 09:12:40.332 UTC [402] LOG:  automatic vacuum of table "shop.public.orders": index scans: 1
	// 2026-01-15 09:15:01.200 UTC [25] LOG:  checkpoint starting: time
	// 2026-01-15 09:15:01.990 UTC [25] LOG:  checkpoint complete: wrote 9 buffers (0.1%)
}

// Check rights: who the connection is, and whether it may list pods in shop.
func ExampleSession_CanI() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	me, err := s.WhoAmI(ctx)
	if err != nil {
		panic(err)
	}
	ok, err := s.CanI(ctx, studioctl.Access{Verb: "list", Resource: "pods", Namespace: "shop"})
	if err != nil {
		panic(err)
	}
	fmt.Println(me.Username, "may list pods in shop:", ok)
	// Output:
	// system:serviceaccount:studioctl:studioctl-demo-reader may list pods in shop: true
}

// Machine mode for an agent: values an agent must not read are masked, keys kept, in typed reads
// and printed answers alike, and the mode cannot be lowered.
func Example_machineMode() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{Redact: studioctl.Machine})
	if err != nil {
		panic(err)
	}
	cm, err := s.Get(ctx, "configmap", "shop", "app-settings")
	if err != nil {
		panic(err)
	}
	fmt.Println(cm.Kind(), cm.Name(), cm.String("data", "FEATURE_FLAGS"))
	// Statements (package run) are masked where they are printed.
	res, err := run.Line(ctx, s, "get configmap app-settings -n shop -o yaml")
	if err != nil {
		panic(err)
	}
	run.Print(os.Stdout, os.Stderr, s, res)
	err = s.Raise(studioctl.People)
	var e *studioctl.Error
	fmt.Println(errors.As(err, &e), e.Code)
	// Output:
	// ConfigMap app-settings <redacted>
	// apiVersion: v1
	// data:
	//   FEATURE_FLAGS: <redacted>
	//   PAYMENT_PROVIDER_KEY: <redacted>
	//   settings.json: <redacted>
	// kind: ConfigMap
	// metadata:
	//   creationTimestamp: "2026-12-05T12:26:28Z"
	//   labels:
	//     app: api
	//   name: app-settings
	//   namespace: shop
	//   resourceVersion: "342"
	//   uid: ba1f10f1-b2cd-431a-a6b1-3fb014e17780
	// true refused.redact_lower
}

// Errors carry a stable code and the HTTP status; a refusal is told apart from the server's error.
func ExampleAsError() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	_, err = s.Get(ctx, "pods", "shop", "does-not-exist")
	if e, ok := studioctl.AsError(err); ok {
		fmt.Println(e.Code, e.Status, e.IsRefusal())
		fmt.Println(e.Sentence)
	}
	// Output:
	// http.not_found 404 false
	// pods "does-not-exist" not found in namespace "shop"
}
