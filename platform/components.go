package platform

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
)

// The ManagedComponent resource of the Navin Platform Operator.
const (
	componentGroup    = "platform.navin.ai"
	componentResource = "managedcomponents"
)

// desiredToState is what each desired state converges to.
var desiredToState = map[string]string{"Running": "started", "Stopped": "stopped"}

// Component is one ManagedComponent as the components view shows it.
type Component struct {
	Namespace      string     `json:"namespace"`
	Name           string     `json:"name"`
	Service        string     `json:"service"`
	Desired        string     `json:"desiredState"`
	State          string     `json:"state"`
	Health         string     `json:"health"`
	OperationState string     `json:"operationState"`
	SecurityState  string     `json:"securityState"`
	Converged      bool       `json:"converged"`
	Reason         string     `json:"reason"`
	Maintenance    bool       `json:"maintenance"`
	Blocked        *Operation `json:"blockedOperation,omitempty"`
	Created        string     `json:"created"`
	Age            string     `json:"age"`
}

// Operation is the operation the spec asks for, shown apart when it is blocked.
type Operation struct {
	ID     string `json:"id,omitempty"`
	Action string `json:"action"`
	Reason string `json:"reason,omitempty"`
}

// Components is components' answer.
type Components struct {
	APIVersion string      `json:"apiVersion"`
	Kind       string      `json:"kind"`
	Scope      string      `json:"scope"`
	Items      []Component `json:"items"`
}

// ListComponents reads the ManagedComponents of a scope.
func ListComponents(ctx context.Context, c *kube.Client, scope kube.Scope) (*Components, error) {
	d, err := c.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	r, ok := findResource(d, componentGroup, componentResource)
	if !ok {
		return nil, &fault.Error{Code: CodeCRDNotServed, Sentence: sentenceComponentsCRD, Class: fault.ServerError, Status: 404}
	}
	items, err := list(ctx, c, r, scope, "")
	if err != nil {
		return nil, err
	}
	out := &Components{APIVersion: ComponentsSchema, Kind: ComponentsKind, Scope: scopeName(scope), Items: []Component{}}
	for _, o := range items {
		out.Items = append(out.Items, readComponent(o, c.Now()))
	}
	sort.Slice(out.Items, func(i, j int) bool {
		a, b := out.Items[i], out.Items[j]
		return a.Namespace < b.Namespace || a.Namespace == b.Namespace && a.Name < b.Name
	})
	return out, nil
}

func scopeName(s kube.Scope) string {
	if s.AllNamespaces {
		return "all namespaces"
	}
	return "namespace " + s.Namespace
}

func readComponent(o map[string]any, now time.Time) Component {
	cm := Component{
		Namespace: str(o, "metadata", "namespace"), Name: str(o, "metadata", "name"),
		Service: str(o, "spec", "service"), Desired: str(o, "spec", "desiredState"),
		State: str(o, "status", "state"), Health: str(o, "status", "health"),
		OperationState: str(o, "status", "operationState"), SecurityState: str(o, "status", "securityState"),
		Reason: str(o, "status", "reason"), Maintenance: boolean(o, "spec", "maintenance"),
		Created: str(o, "metadata", "creationTimestamp"), Age: age(now, created(o)),
	}
	cm.Converged = converged(o, cm.Desired, cm.State)
	if cm.OperationState == "blocked" {
		cm.Blocked = &Operation{ID: str(o, "spec", "operation", "id"), Action: str(o, "spec", "operation", "action"), Reason: cm.Reason}
	}
	return cm
}

// converged is true only when the operator observed the latest generation and the observed state
// is the one the desired state converges to.
func converged(o map[string]any, desired, state string) bool {
	gen, ok1 := integer(o, "metadata", "generation")
	seen, ok2 := integer(o, "status", "observedGeneration")
	want, known := desiredToState[desired]
	return ok1 && ok2 && gen == seen && known && state == want
}

// Lines is the components view for a person: a table, the blocked operations apart.
func (cs *Components) Lines() []string {
	if len(cs.Items) == 0 {
		return []string{sprintf(sentenceNoComponents, " in "+cs.Scope)}
	}
	all := cs.Scope == "all namespaces"
	var s section
	var rows [][]string
	var blocked []string
	for _, c := range cs.Items {
		row := []string{c.Name, c.Service, c.Desired, c.State, c.Health, c.OperationState, c.SecurityState, yesNo(c.Converged), c.Reason, c.Age}
		if all {
			row = append([]string{c.Namespace}, row...)
		}
		rows = append(rows, row)
		if c.Blocked != nil {
			blocked = append(blocked, blockedLine(c))
		}
	}
	header := []string{"NAME", "SERVICE", "DESIRED", "STATE", "HEALTH", "OPERATION", "SECURITY", "CONVERGED", "REASON", "AGE"}
	if all {
		header = append([]string{"NAMESPACE"}, header...)
	}
	s.table(header, rows)
	if len(blocked) > 0 {
		s.title("Blocked operations (state and health are what the workloads show):")
		for _, b := range blocked {
			s.line("  " + b)
		}
	}
	return s.lines
}

func blockedLine(c Component) string {
	l := fmt.Sprintf("%s/%s: %s blocked", c.Namespace, c.Name, orNone(c.Blocked.Action))
	if c.Blocked.Reason != "" {
		l += " (" + c.Blocked.Reason + ")"
	}
	if c.Maintenance {
		l += ", maintenance on"
	}
	return l
}
