package events

// eventFieldOrder is core/v1 Event's field order, which kubectl events prints its typed EventList
// in (-o json): the list, each event, its metadata (ObjectMeta), the object references, the
// source and the series. A field the server adds later prints after these, sorted.
var eventFieldOrder = map[string][]string{
	"": {"kind", "apiVersion", "metadata", "items"},
	"items[]": {"kind", "apiVersion", "metadata", "involvedObject", "reason", "message", "source", "firstTimestamp",
		"lastTimestamp", "count", "type", "eventTime", "series", "action", "related", "reportingComponent", "reportingInstance"},
	"items[].metadata": {"name", "generateName", "namespace", "selfLink", "uid", "resourceVersion", "generation",
		"creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "labels", "annotations", "ownerReferences",
		"finalizers", "managedFields"},
	"items[].involvedObject": objectReferenceOrder,
	"items[].related":        objectReferenceOrder,
	"items[].source":         {"component", "host"},
	"items[].series":         {"count", "lastObservedTime"},
}

var objectReferenceOrder = []string{"kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath"}
