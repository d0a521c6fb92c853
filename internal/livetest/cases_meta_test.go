package livetest

// The meta family: api-resources, api-versions, explain, auth can-i and auth whoami. Every
// identity runs them all: discovery, the OpenAPI documents and the self reviews are open to any
// authenticated identity, and can-i's answers are what differ between admin, view and none.
//
// api-resources prints the server's whole verb list (VERBS, --verbs, and the create-only kinds
// such as bindings and tokenreviews); it matches kubectl once discovery keeps that list for
// display (kube.APIResource.AllVerbs).
func init() {
	addCases("50-discovery", "all",
		Case{Statement: "api-resources", Compare: true},
		Case{Statement: "api-resources -o wide", Compare: true},
		Case{Statement: "api-resources -o name", Compare: true},
		Case{Statement: "api-resources --namespaced=false", Compare: true},
		Case{Statement: "api-resources --api-group apps", Compare: true},
		Case{Statement: "api-resources --verbs list", Compare: true},
		Case{Statement: "api-resources --verbs list,watch --namespaced --no-headers -o wide", Compare: true},
		Case{Statement: "api-versions", Compare: true},

		Case{Statement: "explain pods", Compare: true},
		Case{Statement: "explain deployment.spec.template", Compare: true},
		Case{Statement: "explain pods --recursive", Compare: true},
		Case{Statement: "explain widgets", Compare: true},
		Case{Statement: "explain deployments.apps.spec.strategy", Compare: true},
		Case{Statement: "explain pods.spec.restartPolicy", Compare: true},
		Case{Statement: "explain deploy --api-version apps/v1", Compare: true},
		Case{Statement: "explain pods.spec.nothing", Compare: true},
	)
	addCases("55-auth", "all",
		Case{Statement: "auth can-i list pods -n shop", Compare: true},
		Case{Statement: "auth can-i get secrets -n shop", Compare: true},
		Case{Statement: "auth can-i get pods --subresource=log -n shop", Compare: true},
		Case{Statement: "auth can-i list deployments.apps/web -n payments", Compare: true},
		Case{Statement: "auth can-i list nodes", Compare: true},
		Case{Statement: "auth can-i get /healthz", Compare: true},
		Case{Statement: "auth can-i --list -n shop", Compare: true},
		Case{Statement: "auth whoami", Compare: true},
		// The review's creationTimestamp is the time of each request: kubectl's differs.
		Case{Statement: "auth whoami -o yaml"},
	)
}
