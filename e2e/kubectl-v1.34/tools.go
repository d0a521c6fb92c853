//go:build tools

// Package tools pins kubectl of the v1.34 control plane: the same k8s.io/kubernetes version and
// staging replaces as k8s-v1.34/ (build.sh checks that they agree), in a module of its own so its
// cache entry and go.sum never touch the control plane's.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kubectl"
)
