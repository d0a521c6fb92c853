package apivalue

// NamespaceDefault is the namespace a connection reads in when it names none, as kubectl's.
const NamespaceDefault = "default"

// NamespaceOr is ns, or NamespaceDefault when ns is empty: a kubeconfig context, a saved
// connection or a library Connection that names no namespace reads in the default one.
func NamespaceOr(ns string) string {
	if ns == "" {
		return NamespaceDefault
	}
	return ns
}
