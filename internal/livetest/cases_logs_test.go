package livetest

// The logs, events and top statements of the live suite. Compare is on where kubectl's stdout is
// the same column by column: log lines without terminal escapes (the seeded log's escape lines
// sit outside the last 10), events without the seeded BackOff message (kubectl writes its ESC as
// ^[, studioctl removes the sequence) and without the HPA's recurring warnings (their counts move
// between the two runs). Pod names below are the deterministic ones (StatefulSets, a bare pod);
// a Deployment's pods are reached through deploy/NAME, -l or svc/NAME.
func init() {
	addCases("30-logs", "all",
		Case{Statement: "logs postgres-0 -n shop"}, // the whole log holds escape lines; stderr says 500
		Case{Statement: "logs postgres-0 -n shop --tail 5", Compare: true},
		Case{Statement: "logs deploy/web -n shop --tail 5", Compare: true},
		Case{Statement: "logs deploy/web -n shop -c log-shipper --tail 5", Compare: true},
		Case{Statement: "logs statefulset/postgres -n shop --tail 3 --timestamps", Compare: true},
		Case{Statement: "logs -l app=web -n shop", Compare: true},
		Case{Statement: "logs -l app=web -n shop --tail 2", Compare: true},
		Case{Statement: "logs deploy/web -n shop --all-containers --tail 2"}, // kubectl's container order is a map's
		Case{Statement: "logs deploy/web -n shop --all-pods --tail 1"},       // kubectl's stream order is a map's
		Case{Statement: "logs deploy/web -n shop --all-pods --all-containers --tail 1"},
		Case{Statement: "logs svc/web -n shop --tail 2", Compare: true},
		Case{Statement: "logs job/ledger-migrate -n payments --tail 2", Compare: true},
		Case{Statement: "logs redis-0 -n payments --limit-bytes 200", Compare: true},
		Case{Statement: "logs postgres-0 -n shop -p --tail 2", Compare: true},
		Case{Statement: "logs postgres-0 -n shop --tail 3 --prefix", Compare: true},
		Case{Statement: "logs deploy/web -n shop -c log-shipper --tail 2 --prefix", Compare: true},
		Case{Statement: "logs -l app=web -n shop --tail 2 --prefix", Compare: true, StreamsInAnyOrder: true},
		Case{Statement: "logs does-not-exist -n shop"},
		Case{Statement: "logs postgres-0 -n shop -c nope"},
		Case{Statement: "logs configmap/web-config -n shop"},
	)
	addCases("35-events", "all",
		Case{Statement: "events -n shop"},
		Case{Statement: "events -A --types Warning"},
		Case{Statement: "events -n payments", Compare: true},
		Case{Statement: "events -n kube-system --no-headers", Compare: true},
		Case{Statement: "events -A --types Normal", Compare: true},
		Case{Statement: "events -n payments --for deploy/payments-api", Compare: true},
		Case{Statement: "events -n monitoring --for pod/alertmanager-0", Compare: true},
		Case{Statement: "events -n empty-namespace-xyz", Compare: true},
	)
	// metrics-server runs behind the APIService v1beta1.metrics.k8s.io, scraping the usage kwok
	// simulates (fixed figures per container, see e2e/cluster.sh). It scrapes every 15 s, so a
	// figure can move between two reads: the statements are Volatile.
	for _, st := range []string{
		"top pod -n shop", "top pod -A", "top pod -n shop -l app=web", "top pod -n shop --sort-by cpu",
		"top pod -A --sort-by memory --no-headers", "top pod -n ml-platform", "top pod -n empty-namespace-xyz",
		"top pod -n shop --containers", "top pod -A --containers --sort-by memory", "top pod -n shop -l app=web --containers --no-headers",
		"top node", "top node --sort-by cpu", "top node -l pool=gpu", "top node --no-headers",
	} {
		addCases("40-top", "all", Case{Statement: st, Compare: true, Volatile: true})
	}
}
