//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package store

import "io/fs"

// ownedByMe cannot be told from a mode here; the user profile's ACL protects the file.
func ownedByMe(fs.FileInfo) bool { return true }

// lockDir takes no lock where flock is not available: the rename still keeps every write whole.
func lockDir(string) (func(), error) { return func() {}, nil }
