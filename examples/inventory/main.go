// Command inventory counts what each namespace holds: pods, deployments, stateful sets, services
// and config maps, one line per namespace, read with the studioctl library.
//
//	inventory -kubeconfig ~/.kube/config [-context NAME]
//	inventory -replay demo
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"text/tabwriter"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
)

var kinds = []string{"pods", "deployments", "statefulsets", "services", "configmaps"}

func main() {
	kubeconfig := flag.String("kubeconfig", "", "the kubeconfig to read")
	contextName := flag.String("context", "", "the kubeconfig's context (default: its current context)")
	replay := flag.String("replay", "", "a recording to read instead of a server (demo: the demo cluster)")
	flag.Parse()
	s, err := open(*kubeconfig, *contextName, *replay)
	if err != nil {
		fail(err)
	}
	ctx := context.Background()
	counts := map[string][]int{} // namespace → one count per kind
	for i, kind := range kinds {
		t, err := s.Table(ctx, kind, studioctl.ListOptions{AllNamespaces: true})
		if err != nil {
			fail(err)
		}
		for _, row := range t.Rows {
			ns := row.Object.Namespace()
			if counts[ns] == nil {
				counts[ns] = make([]int, len(kinds))
			}
			counts[ns][i]++
		}
	}
	namespaces := make([]string, 0, len(counts))
	for ns := range counts {
		namespaces = append(namespaces, ns)
	}
	sort.Strings(namespaces)
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprint(w, "NAMESPACE")
	for _, k := range kinds {
		fmt.Fprint(w, "\t", k)
	}
	fmt.Fprintln(w)
	for _, ns := range namespaces {
		fmt.Fprint(w, ns)
		for _, n := range counts[ns] {
			fmt.Fprint(w, "\t", n)
		}
		fmt.Fprintln(w)
	}
	w.Flush()
}

// open opens the session the flags name. The library reads nothing it is not handed: the program
// reads the kubeconfig file itself.
func open(kubeconfig, contextName, replay string) (*studioctl.Session, error) {
	switch {
	case replay == demo.Name:
		return demo.Open(studioctl.Options{})
	case replay != "":
		rec, err := studioctl.LoadRecording(replay)
		if err != nil {
			return nil, err
		}
		return studioctl.OpenRecording(rec, studioctl.Options{})
	case kubeconfig != "":
		data, err := os.ReadFile(kubeconfig)
		if err != nil {
			return nil, err
		}
		s, _, err := studioctl.OpenKubeconfig(data, contextName, studioctl.Options{})
		return s, err
	}
	return nil, fmt.Errorf("give -kubeconfig FILE or -replay demo")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "inventory:", err)
	os.Exit(1)
}
