// Command notready lists the pods that are not ready, in every namespace or in one: a pod whose
// READY column counts fewer ready containers than it has, or whose STATUS is neither Running nor
// Completed. It reads the server's own pod table with the studioctl library, so READY and STATUS
// are what kubectl would print.
//
//	notready -kubeconfig ~/.kube/config [-context NAME] [-n NAMESPACE]
//	notready -replay demo          (the embedded demo cluster; the default without -kubeconfig)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "the kubeconfig to read")
	contextName := flag.String("context", "", "the kubeconfig's context (default: its current context)")
	flag.String("replay", demo.Name, "demo: read the embedded demo cluster (used when no -kubeconfig is given)")
	namespace := flag.String("n", "", "one namespace (default: every namespace)")
	flag.Parse()
	s, err := open(*kubeconfig, *contextName)
	if err != nil {
		fail(err)
	}
	t, err := s.Table(context.Background(), "pods", studioctl.ListOptions{Namespace: *namespace, AllNamespaces: *namespace == ""})
	if err != nil {
		fail(err)
	}
	ready, status := t.Column("Ready"), t.Column("Status")
	if ready < 0 || status < 0 {
		fail(errors.New("the server's pod table has no READY or STATUS column"))
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(w, "NAMESPACE\tPOD\tREADY\tSTATUS")
	n := 0
	for _, row := range t.Rows {
		if !notReady(row.Cell(ready), row.Cell(status)) {
			continue
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", row.Object.Namespace(), row.Object.Name(), row.Cell(ready), row.Cell(status))
		n++
	}
	w.Flush()
	fmt.Printf("%d of %d pods not ready\n", n, len(t.Rows))
}

// notReady reads READY ("1/2") and STATUS as kubectl prints them.
func notReady(ready, status string) bool {
	if status == "Completed" {
		return false
	}
	have, want, ok := strings.Cut(ready, "/")
	return status != "Running" || !ok || have != want
}

// open reads the kubeconfig the program was given (the library reads no file itself), or opens
// the demo cluster when there is none.
func open(kubeconfig, contextName string) (*studioctl.Session, error) {
	if kubeconfig == "" {
		return demo.Open(studioctl.Options{})
	}
	data, err := os.ReadFile(kubeconfig)
	if err != nil {
		return nil, err
	}
	s, _, err := studioctl.OpenKubeconfig(data, contextName, studioctl.Options{})
	return s, err
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "notready:", err)
	os.Exit(1)
}
