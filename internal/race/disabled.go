//go:build !race

// Package race tells a test whether it runs under the race detector. make test runs in two passes:
// every package under -race, then, without it, the packages whose tests start no goroutine and the
// tests the Makefile lists in PLAIN_TESTS. Such a test reads Enabled to do less under -race (a
// sample of its cases, or nothing when it only measures memory) and runs whole in the plain pass;
// the root's TestMakeTestRunsEveryTestWhole fails when one is not listed.
package race

// Enabled is true in a binary built with -race.
const Enabled = false
