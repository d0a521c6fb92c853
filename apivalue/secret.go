package apivalue

// CoreSecrets reports whether a resource of the group and resource name is the core API's
// secrets, the one resource whose values studioctl never prints and whose names machine mode
// withholds. A Secret-shaped custom resource of another group is not: what it holds is read as
// any object's, and the people rules still decide each object by its own apiVersion and kind.
func CoreSecrets(group, resource string) bool { return group == "" && resource == "secrets" }
