package main

import (
	"errors"
	"io/fs"

	"github.com/studioctl/studioctl/fault"
)

// replayUnreadable is the refusal for a recording or snapshot at path that failed to load with
// err: a refusal the loader composed is kept; any other error becomes studioctl's sentence with
// the reason it can tell.
func replayUnreadable(path string, err error) error {
	if _, ok := fault.As(err); ok {
		return err
	}
	return fault.Refusef(CodeReplayRead, sentenceReplayUnreadableWhy, path, replayReason(err))
}

func replayReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return reasonNotFound
	case errors.Is(err, fs.ErrPermission):
		return reasonPermission
	case errors.Is(err, fs.ErrInvalid):
		return reasonNotPlainOrTooLarge
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return reasonNotPlainOrTooLarge
	}
	return reasonNotRecording
}
