package kube

import (
	"context"
	"testing"
	"time"
)

// --request-timeout bounds a live read as a whole: the statement then ends as Ctrl-C ends it.
func TestLiveEndsAtTheRequestTimeout(t *testing.T) {
	c := &Client{opts: Options{AfterFunc: afterFunc}}
	l := c.NewLive(WithRequestTimeout(context.Background(), 20*time.Millisecond))
	defer l.Stop()
	select {
	case <-l.Context().Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the live read outlived its --request-timeout")
	}
	if err := l.End(l.Context().Err()); err != nil {
		t.Errorf("ended with %v, want a clean end", err)
	}
	open := c.NewLive(context.Background())
	defer open.Stop()
	if _, ok := open.Context().Deadline(); ok {
		t.Error("a live read without --request-timeout has a deadline")
	}
}
