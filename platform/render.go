package platform

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/studioctl/studioctl/printer"
)

// section builds one titled block of people output: aligned rows as kubectl aligns its tables
// (text/tabwriter 6/4/3). Cells lose tabs and line breaks; the printer's Writer sanitises every
// line after.
type section struct{ lines []string }

func (s *section) title(t string) {
	if len(s.lines) > 0 {
		s.lines = append(s.lines, "")
	}
	s.lines = append(s.lines, t)
}

func (s *section) line(l string) { s.lines = append(s.lines, l) }

func (s *section) table(header []string, rows [][]string) {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 6, 4, 3, ' ', 0)
	write := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				tw.Write([]byte{'\t'})
			}
			tw.Write([]byte(flat(c)))
		}
		tw.Write([]byte{'\n'})
	}
	write(header)
	for _, r := range rows {
		write(r)
	}
	tw.Flush()
	s.lines = append(s.lines, strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")...)
}

func flat(c string) string {
	if c == "" {
		return "<none>"
	}
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(c)
}

func joinOr(v []string) string {
	if len(v) == 0 {
		return "<none>"
	}
	return strings.Join(v, ",")
}

func millis(m int64) string {
	if m%1000 == 0 {
		return strconv.FormatInt(m/1000, 10)
	}
	return strconv.FormatInt(m, 10) + "m"
}

func bytesHuman(n int64) string {
	units := []string{"Ki", "Mi", "Gi", "Ti", "Pi"}
	if n < 1024 {
		return strconv.FormatInt(n, 10)
	}
	v, u := float64(n), ""
	for _, x := range units {
		if v < 1024 {
			break
		}
		v, u = v/1024, x
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + u
}

func gpus(r Resources) string {
	var out []string
	for _, k := range sortedKeys(r.GPUs) {
		out = append(out, k+"="+strconv.FormatInt(r.GPUs[k], 10))
	}
	return joinOr(out)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Lines is the inventory for a person: one section each.
func (inv *Inventory) Lines() []string {
	var s section
	s.title("Server")
	s.table([]string{"ADDRESS", "VERSION", "PLATFORM"}, [][]string{{inv.Server, inv.Version.GitVersion, inv.Version.Platform}})
	d := inv.Distribution
	s.title(fmt.Sprintf("Distribution: %s (%s, %s evidence)", d.Name, d.Mode, d.Basis))
	if len(d.Evidence) > 0 {
		var rows [][]string
		for _, e := range d.Evidence {
			where := e.Source
			if e.Nodes > 1 {
				where += fmt.Sprintf(" (and %d more)", e.Nodes-1)
			}
			rows = append(rows, []string{e.Distribution, e.Strength, e.Signal, where, e.Value})
		}
		s.table([]string{"POINTS-TO", "STRENGTH", "SIGNAL", "WHERE", "VALUE"}, rows)
	}
	if len(d.Conflicts) > 0 {
		s.line("Conflicting signals also point to: " + strings.Join(d.Conflicts, ", "))
	}
	inv.nodeLines(&s)
	inv.classLines(&s)
	inv.addOnLines(&s)
	if len(inv.Unreadable) > 0 {
		s.title("Unreadable")
		for _, u := range inv.Unreadable {
			s.line(u.What + ": " + u.Sentence)
		}
	}
	return s.lines
}

func (inv *Inventory) nodeLines(s *section) {
	t := inv.Totals
	s.title(inv.count("nodes", fmt.Sprintf("Nodes: %d (%d ready)", t.Nodes, t.ReadyNodes)))
	if len(inv.Nodes) == 0 {
		return
	}
	var rows, more [][]string
	for _, n := range inv.Nodes {
		rows = append(rows, []string{n.Name, n.Status, joinOr(n.Roles), n.InstanceType, n.Zone,
			millis(n.Allocatable.CPUMillis) + "/" + millis(n.Capacity.CPUMillis),
			bytesHuman(n.Allocatable.MemoryBytes) + "/" + bytesHuman(n.Capacity.MemoryBytes),
			bytesHuman(n.Allocatable.EphemeralStorageBytes) + "/" + bytesHuman(n.Capacity.EphemeralStorageBytes),
			fmt.Sprintf("%d/%d", n.Allocatable.Pods, n.Capacity.Pods), gpus(n.Allocatable)})
		more = append(more, []string{n.Name, n.ProviderID, n.OSImage, n.Kernel, n.ContainerRuntime, n.Kubelet, joinOr(n.Taints)})
	}
	rows = append(rows, []string{"(total)", "", "", "", "",
		millis(t.Allocatable.CPUMillis) + "/" + millis(t.Capacity.CPUMillis),
		bytesHuman(t.Allocatable.MemoryBytes) + "/" + bytesHuman(t.Capacity.MemoryBytes),
		bytesHuman(t.Allocatable.EphemeralStorageBytes) + "/" + bytesHuman(t.Capacity.EphemeralStorageBytes),
		fmt.Sprintf("%d/%d", t.Allocatable.Pods, t.Capacity.Pods), gpus(t.Allocatable)})
	s.line("Allocatable/capacity:")
	s.table([]string{"NAME", "STATUS", "ROLES", "INSTANCE-TYPE", "ZONE", "CPU", "MEMORY", "EPHEMERAL", "PODS", "GPUS"}, rows)
	s.line("")
	s.table([]string{"NAME", "PROVIDER-ID", "OS-IMAGE", "KERNEL", "RUNTIME", "KUBELET", "TAINTS"}, more)
}

func (inv *Inventory) classLines(s *section) {
	s.title(inv.count("storage classes", fmt.Sprintf("Storage classes: %d", len(inv.StorageClasses))))
	if len(inv.StorageClasses) > 0 {
		var rows [][]string
		for _, c := range inv.StorageClasses {
			rows = append(rows, []string{c.Name, c.Provisioner, yesNo(c.Default), c.ReclaimPolicy, c.BindingMode, yesNo(c.AllowExpansion)})
		}
		s.table([]string{"NAME", "PROVISIONER", "DEFAULT", "RECLAIM", "BINDING", "EXPANSION"}, rows)
	}
	s.title(inv.count("ingress classes", fmt.Sprintf("Ingress classes: %d", len(inv.IngressClasses))))
	if len(inv.IngressClasses) > 0 {
		var rows [][]string
		for _, c := range inv.IngressClasses {
			rows = append(rows, []string{c.Name, c.Controller, yesNo(c.Default)})
		}
		s.table([]string{"NAME", "CONTROLLER", "DEFAULT"}, rows)
	}
	s.title(inv.count("CoreDNS", fmt.Sprintf("CoreDNS (k8s-app=kube-dns in kube-system): %d", len(inv.CoreDNS))))
	if len(inv.CoreDNS) > 0 {
		var rows [][]string
		for _, c := range inv.CoreDNS {
			rows = append(rows, []string{c.Name, c.Image, c.Version, fmt.Sprintf("%d/%d", c.Ready, c.Desired)})
		}
		s.table([]string{"NAME", "IMAGE", "VERSION", "READY"}, rows)
	}
}

func (inv *Inventory) addOnLines(s *section) {
	s.title(fmt.Sprintf("Add-ons: %d", len(inv.AddOns)))
	if len(inv.AddOns) > 0 {
		var rows [][]string
		for _, a := range inv.AddOns {
			rows = append(rows, []string{a.Name, a.Resource + "." + a.Group, strings.Join(a.Versions, ",")})
		}
		s.table([]string{"ADD-ON", "FOUND-BY", "VERSIONS"}, rows)
	}
}

// Result is a report as the printer's result: the document for -o json|yaml, else the lines.
func Result(output string, report any, lines []string) *printer.Result {
	if output == "json" || output == "yaml" {
		return &printer.Result{Docs: &printer.Docs{Format: output, Value: document(report)}}
	}
	return &printer.Result{Lines: &printer.Lines{Text: lines}}
}

// count is a section's title, or says the section is unreadable (the reason follows at the end).
func (inv *Inventory) count(what, title string) string {
	for _, u := range inv.Unreadable {
		if u.What == what {
			head, _, _ := strings.Cut(title, ":")
			return head + ": unreadable (see Unreadable)"
		}
	}
	return title
}
