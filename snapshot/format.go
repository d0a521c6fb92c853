// Package snapshot is a shareable, Secret-free copy of a cluster that answers every read offline:
// Capture writes one file (a zip archive, docs/snapshot.md) through a library session, so every
// request it makes passes the allowlist; Open reads such a file under bounds; and a Reader answers
// the requests a session makes from it, below the guard, where a recording's replayer sits.
package snapshot

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Format names a snapshot's manifest; Version is the layout this package writes and reads.
const (
	Format  = "studioctl-snapshot"
	Version = 1
)

// The entries of the archive. A snapshot is told apart from a recording by its content: a zip
// archive holding a manifest of this format (a recording is a JSON document).
const (
	entryManifest = "manifest.json"
	entryAnswers  = "answers.json" // the fixed answers: version, readiness, discovery, self reviews, get --raw's
	entryOpenAPI  = "openapi.json" // the OpenAPI v3 index and documents, decoded only when asked
	entryRouting  = "routing.json" // facts machine masking would hide that routing needs
	prefixKinds   = "kinds/"       // kinds/NNNN-PPPP.json: one kind's objects and table cells, by chunk
	prefixLogs    = "logs/"        // logs/NNNNNN.json: one container's last lines
	entryFormat   = "%s%04d-%04d.json"
)

// The states of a kind in the manifest.
const (
	StateCaptured = "captured" // every object the identity may list
	StateLocked   = "locked"   // the identity may not list it (403)
	StateCut      = "cut"      // past the row cap or the size cap: not in the file
	StateFailed   = "failed"   // the server answered with another error
)

// Manifest says what a snapshot holds: when, from which server, as whom, and what was locked or
// cut. It never holds a credential: the identity is a user name and a fingerprint.
type Manifest struct {
	Format     string    `json:"format"`
	Version    int       `json:"version"`
	CapturedAt time.Time `json:"capturedAt"`
	Server     string    `json:"server"`
	Identity   Identity  `json:"identity"`
	// Cluster tells two snapshots of one cluster from snapshots of two: the first 16 hex digits
	// of SHA-256 over the kube-system namespace's UID ("" when it could not be read).
	Cluster     string   `json:"cluster,omitempty"`
	Redact      string   `json:"redact"`               // people or machine: the masking applied at capture
	Namespaces  []string `json:"namespaces,omitempty"` // empty: every namespace
	LogLines    int      `json:"logLines"`
	MaxRows     int      `json:"maxRows"`
	MaxBytes    int64    `json:"maxBytes"`
	Kinds       []Kind   `json:"kinds"`
	Logs        int      `json:"logs"`              // container logs kept (current and previous instances)
	LogRequests int      `json:"logRequests"`       // logs asked for: each container's, and its previous instance's
	LogsCut     int      `json:"logsCut"`           // container logs left out by the size cap or an error
	Objects     int      `json:"objects"`           // objects kept over all kinds
	Reviews     []string `json:"reviews"`           // namespaces whose rules review is kept ("" is none)
	Metrics     bool     `json:"metrics"`           // metrics.k8s.io answered at capture
	Discovery   string   `json:"discovery"`         // "v2" or "v2beta1": the form discovery was read in
	Notes       []string `json:"notes,omitempty"`   // what degrades, in sentences
	Beta        bool     `json:"beta,omitempty"`    // discovery was read in its v2beta1 form
	Routing     int      `json:"routing,omitempty"` // routing facts kept (machine mode)
	// Raw lists the get --raw paths whose answers are kept as the server wrote them (raw.go); a
	// snapshot taken before they were kept lists none, and its reader says so.
	Raw []string `json:"raw,omitempty"`
}

// Identity is who captured: the user name the server reported and a fingerprint of the user name,
// UID and groups, so two snapshots can be told to come from the same identity.
type Identity struct {
	User        string `json:"user"`
	Fingerprint string `json:"fingerprint"`
}

// Kind is one listable kind of the server and what the snapshot holds of it.
type Kind struct {
	Group      string `json:"group"`
	Version    string `json:"version"`
	Resource   string `json:"resource"`
	Kind       string `json:"kind"`
	Namespaced bool   `json:"namespaced"`
	State      string `json:"state"`
	Objects    int    `json:"objects"`
	Chunks     int    `json:"chunks"`
	Reason     string `json:"reason,omitempty"`
	// Cut lists the namespaces whose share passed the per-namespace cap (--max-rows): how many
	// objects were kept and how many left out.
	Cut []NamespaceCut `json:"cut,omitempty"`
}

// NamespaceCut is one namespace's share of a kind cut at the per-namespace cap.
type NamespaceCut struct {
	Namespace string `json:"namespace"`
	Kept      int    `json:"kept"`
	Left      int    `json:"left"`
}

// Ref is the kind as the kube client names it.
func (k Kind) Ref() discovery.APIResource {
	return discovery.APIResource{Group: k.Group, Version: k.Version, Resource: k.Resource, Kind: k.Kind, Namespaced: k.Namespaced}
}

// GroupResource is "pods" or "deployments.apps".
func (k Kind) GroupResource() string { return k.Ref().GroupResource() }

// chunk is one kind entry: the kind's table columns and up to SnapshotChunkObjects items.
type chunk struct {
	Columns []kube.Column `json:"columns"`
	Items   []item        `json:"items"`
}

// item is one object and the cells of its row in the server's Table, as a read holds it: the
// object as the bytes the entry stores, and only its metadata decoded ({"metadata": ...}, what
// names, namespaces and labels are read from). The whole object is decoded when an answer needs
// it (kindData.object), one at a time, so a page of 500 pods costs 500 objects' bytes and
// metadata, not their decoded spec and status.
type item struct {
	Meta  map[string]any
	Cells []any
	raw   json.RawMessage
}

// storedItem is an item as an entry writes it.
type storedItem struct {
	Object map[string]any `json:"object"`
	Cells  []any          `json:"cells"`
}

// logEntry is one container's last lines, each with the server's timestamp in front.
type logEntry struct {
	Namespace string `json:"namespace"`
	Pod       string `json:"pod"`
	Container string `json:"container"`
	Previous  bool   `json:"previous,omitempty"` // the previous instance's log (a restarted container)
	Lines     int    `json:"lines"`              // the lines asked for at capture
	Text      string `json:"text"`
}

// routing holds what machine masking hides but a read needs to route: each pod's default
// container (the kubectl.kubernetes.io/default-container annotation), by namespace/name, and each
// Secret's UID by a hash of its namespace and name (the name itself is not kept), so a Secret a
// person names is still found.
type routing struct {
	DefaultContainer map[string]string `json:"defaultContainer,omitempty"`
	SecretUIDs       map[string]string `json:"secretUIDs,omitempty"`
}

// secretKey is the hash a Secret's UID is kept under.
func secretKey(ns, name string) string {
	h := sha256.Sum256([]byte(ns + "/" + name))
	return hex.EncodeToString(h[:16])
}
