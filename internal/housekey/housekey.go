// Package housekey is the key to a library session's inner door: a value only packages of the
// studioctl module can write, so the session's low-level client (Session.KubeClient) is theirs
// alone and the typed reads stay the library's one way in.
package housekey

// Key opens Session.KubeClient. A program outside the module cannot name this type, so it cannot
// make one.
type Key struct{}
