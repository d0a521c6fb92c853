package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
)

// kubectl's placement: statement flags that take a value may come before the verb, studioctl's
// own flags may follow the statement, and a switch before the verb is refused.
func TestArrangeArgs(t *testing.T) {
	cases := []struct {
		in, want string
		refused  bool
	}{
		{in: "-n shop get pods", want: "get pods -n shop"},
		{in: "-nshop get pods", want: "get pods -nshop"},
		{in: "--namespace=shop get pods", want: "get pods --namespace=shop"},
		{in: "-o wide get pods -n shop", want: "get pods -n shop -o wide"},
		{in: "-l app=web get pods -n shop", want: "get pods -n shop -l app=web"},
		{in: "--kubeconfig k.yaml -n shop get pods", want: "--kubeconfig k.yaml get pods -n shop"},
		{in: "get pods -n shop --kubeconfig k.yaml --context prod", want: "--kubeconfig k.yaml --context prod get pods -n shop"},
		{in: "get pods --replay=demo -v 6", want: "--replay=demo -v 6 get pods"},
		{in: "--show-labels=true get pods", want: "get pods --show-labels=true"},
		{in: "-A get pods", refused: true},
		{in: "--show-labels get pods", refused: true},
		{in: "tree --kubeconfig k.yaml shop", want: "tree --kubeconfig k.yaml shop"},
		{in: "-o json tree", want: "-o json tree"},
		{in: "logs web -- --kubeconfig x", want: "logs web -- --kubeconfig x"},
		{in: "--unknown get pods", want: "--unknown get pods"},
	}
	for _, c := range cases {
		got, err := arrangeArgs(strings.Fields(c.in))
		if c.refused {
			if e, ok := fault.As(err); !ok || e.Class != fault.Refused {
				t.Errorf("%q: want a refusal, got %v %v", c.in, got, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if d := cmp.Diff(strings.Fields(c.want), got); d != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, d)
		}
	}
}

// The same statement answers the same wherever its flags stand, and a refused placement sends
// nothing (the demo snapshot answers from memory either way).
func TestFlagPlacementOnTheDemo(t *testing.T) {
	run := func(args ...string) (string, int) {
		var out, errOut bytes.Buffer
		io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
		code := run(args, io)
		return out.String(), code
	}
	want, code := run("--replay", "demo", "get", "pods", "-n", "shop", "-o", "wide")
	if code != 0 || want == "" {
		t.Fatalf("exit %d", code)
	}
	for _, args := range [][]string{
		{"-n", "shop", "--replay", "demo", "get", "pods", "-o", "wide"},
		{"-o", "wide", "get", "pods", "-n", "shop", "--replay", "demo"},
		{"-nshop", "-owide", "get", "pods", "--replay=demo"},
	} {
		if got, code := run(args...); code != 0 || got != want {
			t.Errorf("%q: exit %d\n%s", args, code, got)
		}
	}
	if _, code := run("-A", "--replay", "demo", "get", "pods"); code != fault.ExitRefused {
		t.Errorf("-A before the verb: exit %d", code)
	}
}
