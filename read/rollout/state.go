package rollout

import (
	"fmt"

	"github.com/studioctl/studioctl/fault"
)

// state is one reading of a rollout: kubectl's message and whether the rollout is done.
type state struct {
	message string
	done    bool
}

// statusOf reads an object's rollout as kubectl's status viewers do, for its kind.
func statusOf(kind string, obj map[string]any) (state, error) {
	switch kind {
	case "Deployment":
		return deploymentStatus(obj)
	case "StatefulSet":
		return statefulSetStatus(obj)
	}
	return daemonSetStatus(obj)
}

func observed(obj map[string]any) bool {
	return number(obj, "metadata", "generation") <= number(obj, "status", "observedGeneration")
}

func deploymentStatus(obj map[string]any) (state, error) {
	name := text(obj, "metadata", "name")
	if !observed(obj) {
		return state{message: "Waiting for deployment spec update to be observed..."}, nil
	}
	if progressDeadlineExceeded(obj) {
		return state{}, failure(codeDeadline, sentenceDeadline, name)
	}
	updated, available, replicas := number(obj, "status", "updatedReplicas"), number(obj, "status", "availableReplicas"), number(obj, "status", "replicas")
	if field(obj, "spec", "replicas") != nil {
		if want := number(obj, "spec", "replicas"); updated < want {
			return waiting("Waiting for deployment %q rollout to finish: %d out of %d new replicas have been updated...", name, updated, want), nil
		}
	}
	if replicas > updated {
		return waiting("Waiting for deployment %q rollout to finish: %d old replicas are pending termination...", name, replicas-updated), nil
	}
	if available < updated {
		return waiting("Waiting for deployment %q rollout to finish: %d of %d updated replicas are available...", name, available, updated), nil
	}
	return state{message: fmt.Sprintf("deployment %q successfully rolled out", name), done: true}, nil
}

// progressDeadlineExceeded reads the Progressing condition's reason.
func progressDeadlineExceeded(obj map[string]any) bool {
	conditions, _ := field(obj, "status", "conditions").([]any)
	for _, c := range conditions {
		m, _ := c.(map[string]any)
		if text(m, "type") == "Progressing" && text(m, "reason") == "ProgressDeadlineExceeded" {
			return true
		}
	}
	return false
}

func statefulSetStatus(obj map[string]any) (state, error) {
	if t := text(obj, "spec", "updateStrategy", "type"); t != "" && t != "RollingUpdate" {
		return state{}, failure(codeStrategy, sentenceStrategy)
	}
	if number(obj, "status", "observedGeneration") == 0 || !observed(obj) {
		return state{message: "Waiting for statefulset spec update to be observed..."}, nil
	}
	replicas, ready, updated := number(obj, "spec", "replicas"), number(obj, "status", "readyReplicas"), number(obj, "status", "updatedReplicas")
	if field(obj, "spec", "replicas") != nil && ready < replicas {
		return waiting("Waiting for %d pods to be ready...", replicas-ready), nil
	}
	if partition := number(obj, "spec", "updateStrategy", "rollingUpdate", "partition"); partition > 0 && field(obj, "spec", "replicas") != nil {
		if updated < replicas-partition {
			return waiting("Waiting for partitioned roll out to finish: %d out of %d new pods have been updated...", updated, replicas-partition), nil
		}
		return state{message: fmt.Sprintf("partitioned roll out complete: %d new pods have been updated...", updated), done: true}, nil
	}
	if update, current := text(obj, "status", "updateRevision"), text(obj, "status", "currentRevision"); update != current {
		return waiting("waiting for statefulset rolling update to complete %d pods at revision %s...", updated, update), nil
	}
	return state{message: fmt.Sprintf("statefulset rolling update complete %d pods at revision %s...", number(obj, "status", "currentReplicas"), text(obj, "status", "currentRevision")), done: true}, nil
}

func daemonSetStatus(obj map[string]any) (state, error) {
	name := text(obj, "metadata", "name")
	if t := text(obj, "spec", "updateStrategy", "type"); t != "" && t != "RollingUpdate" {
		return state{}, failure(codeStrategy, sentenceStrategy)
	}
	if !observed(obj) {
		return state{message: "Waiting for daemon set spec update to be observed..."}, nil
	}
	desired, updated, available := number(obj, "status", "desiredNumberScheduled"), number(obj, "status", "updatedNumberScheduled"), number(obj, "status", "numberAvailable")
	if updated < desired {
		return waiting("Waiting for daemon set %q rollout to finish: %d out of %d new pods have been updated...", name, updated, desired), nil
	}
	if available < desired {
		return waiting("Waiting for daemon set %q rollout to finish: %d of %d updated pods are available...", name, available, desired), nil
	}
	return state{message: fmt.Sprintf("daemon set %q successfully rolled out", name), done: true}, nil
}

func waiting(format string, args ...any) state {
	return state{message: fault.Sentencef(format, args...)}
}

// failure is a rollout that cannot finish as asked: exit 1, as kubectl's.
func failure(code, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Sentence: fault.Sentencef(format, args...), Class: fault.ServerError}
}
