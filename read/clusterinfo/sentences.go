package clusterinfo

// The lines cluster-info prints, as kubectl prints them (without its colours).
const (
	lineControlPlane = "Kubernetes control plane is running at %s"
	lineService      = "%s is running at %s"
)
