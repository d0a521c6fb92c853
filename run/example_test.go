package run_test

import (
	"context"
	"fmt"
	"os"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/run"
)

// Run a kubectl statement and print its answer as the studioctl command does. The demo cluster
// (package demo) is a recording of a real v1.37.2 API server.
func Example() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	res, err := run.Line(ctx, s, "get deployments -n shop")
	if err != nil {
		panic(err)
	}
	if err := run.Print(os.Stdout, os.Stderr, s, res); err != nil {
		panic(err)
	}

	// A write is refused before anything is sent.
	_, err = run.Line(ctx, s, "delete pod postgres-0 -n shop")
	if e, ok := studioctl.AsError(err); ok && e.IsRefusal() {
		fmt.Println(e.Code)
	}
	// Output:
	// NAME   READY   UP-TO-DATE   AVAILABLE   AGE
	// api    2/2     2            2           4m24s
	// web    3/3     3            3           4m24s
	// refused.write_command
}
