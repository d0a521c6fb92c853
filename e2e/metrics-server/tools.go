//go:build tools

// Package tools pins metrics-server, which serves metrics.k8s.io behind a real APIService in the
// live cluster, scraping the kubelet resource metrics kwok simulates.
package tools

import (
	_ "sigs.k8s.io/metrics-server/cmd/metrics-server"
)
