package main

// connection show -o json and connection list -o json name their schema as every studioctl
// document does (the audit report's way): apiVersion studioctl.dev/<name>/v1 and a kind; the
// list's items are the show document's fields, unnamed.
const (
	connectionSchema   = "studioctl.dev/connection/v1"
	connectionKind     = "Connection"
	connectionListKind = "ConnectionList"
)
