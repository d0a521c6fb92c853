package audit

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	studioctl "github.com/studioctl/studioctl"
)

func numberOf(v any) (int64, error) {
	switch t := v.(type) {
	case json.Number:
		return t.Int64()
	case float64:
		return int64(t), nil
	case int:
		return int64(t), nil
	case int64:
		return t, nil
	case string:
		return strconv.ParseInt(t, 10, 64)
	}
	return 0, errors.New("not a number")
}

func (w *Workload) finding(code, container, format string, args ...any) Finding {
	return newFinding(code, w.Kind, w.Namespace, w.Name, container, format, args...)
}

// checks are the findings of one workload's pod spec and pods.
func (w *Workload) checks() []Finding {
	var fs []Finding
	fs = append(fs, w.specChecks()...)
	for _, c := range w.spec.Slice("containers") {
		fs = append(fs, w.containerChecks(c, false)...)
	}
	for _, c := range w.spec.Slice("initContainers") {
		fs = append(fs, w.containerChecks(c, true)...)
	}
	if w.Restarts >= int64(limit(CodeRestarting)) {
		fs = append(fs, w.finding(CodeRestarting, "", SentenceRestarting, w.Restarts, w.LastReason, w.LastTermination))
	}
	for _, c := range w.crash {
		fs = append(fs, w.finding(CodeCrashLooping, c, SentenceCrashLooping, c))
	}
	return append(fs, w.reliabilityChecks()...)
}

func (w *Workload) specChecks() []Finding {
	var fs []Finding
	if b, _ := w.spec.Field("hostNetwork"); b == true {
		fs = append(fs, w.finding(CodeHostNetwork, "", SentenceHostNetwork))
	}
	if b, _ := w.spec.Field("hostPID"); b == true {
		fs = append(fs, w.finding(CodeHostPID, "", SentenceHostPID))
	}
	for _, v := range w.spec.Slice("volumes") {
		if _, ok := v.Field("hostPath"); ok {
			fs = append(fs, w.finding(CodeHostPath, "", SentenceHostPath, v.String("name"), v.String("hostPath", "path")))
		}
	}
	return append(fs, w.securitySpecChecks()...)
}

// containerChecks are one container's findings; an init container is checked for its image and
// privileges only (it runs to completion, so requests and probes are not asked of it).
func (w *Workload) containerChecks(c studioctl.Object, init bool) []Finding {
	name := c.String("name")
	var fs []Finding
	fs = append(fs, w.imageChecks(c, name)...)
	if b, _ := c.Field("securityContext", "privileged"); b == true {
		fs = append(fs, w.finding(CodePrivileged, name, SentencePrivileged, name))
	}
	if mayRunAsRoot(w.spec, c) {
		fs = append(fs, w.finding(CodeRunsAsRoot, name, SentenceRunsAsRoot, name))
	}
	fs = append(fs, w.securityChecks(c, name)...)
	if init {
		return fs
	}
	if !hasKeys(c, "requests", "cpu", "memory") {
		w.NoRequests = append(w.NoRequests, name)
		fs = append(fs, w.finding(CodeRequestsMissing, name, SentenceRequestsMissing, name))
	}
	if !hasKeys(c, "limits", "memory") {
		w.NoLimits = append(w.NoLimits, name)
		fs = append(fs, w.finding(CodeLimitsMissing, name, SentenceLimitsMissing, name))
	}
	if w.batch {
		return fs
	}
	if _, ok := c.Field("readinessProbe"); !ok {
		w.NoReadiness = append(w.NoReadiness, name)
		fs = append(fs, w.finding(CodeReadinessMissing, name, SentenceReadinessMissing, name))
	}
	if _, ok := c.Field("livenessProbe"); !ok {
		w.NoLiveness = append(w.NoLiveness, name)
		fs = append(fs, w.finding(CodeLivenessMissing, name, SentenceLivenessMissing, name))
	}
	return fs
}

func hasKeys(c studioctl.Object, which string, keys ...string) bool {
	v, _ := c.Field("resources", which)
	m, _ := v.(map[string]any)
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// imageTag splits an image reference: its tag ("" when none) and whether it has a digest.
func imageTag(image string) (tag string, digest bool) {
	image, _, digest = strings.Cut(image, "@")
	slash := strings.LastIndexByte(image, '/')
	if colon := strings.LastIndexByte(image, ':'); colon > slash {
		tag = image[colon+1:]
	}
	return tag, digest
}

func (w *Workload) imageChecks(c studioctl.Object, name string) []Finding {
	image := c.String("image")
	tag, digest := imageTag(image)
	var fs []Finding
	if !digest && (tag == "" || tag == "latest") {
		fs = append(fs, w.finding(CodeImageMutableTag, name, SentenceImageLatest, name, image))
	}
	policy := c.String("imagePullPolicy")
	if policy == "" && !digest && (tag == "" || tag == "latest") {
		policy = "Always" // the API server's default for such an image
	}
	if policy == "Always" && !digest {
		fs = append(fs, w.finding(CodePullAlwaysMutable, name, SentencePullAlways, name, image))
	}
	return fs
}

// mayRunAsRoot: runAsUser 0, or neither runAsNonRoot true nor a non-zero runAsUser, the
// container's securityContext overriding the pod's. The image's USER cannot be read, so an
// unset user counts as root.
func mayRunAsRoot(spec, c studioctl.Object) bool {
	user, hasUser := int64(0), false
	nonRoot := false
	for _, sc := range []string{"pod", "container"} {
		o := spec
		if sc == "container" {
			o = c
		}
		if v, ok := o.Field("securityContext", "runAsUser"); ok {
			if n, err := numberOf(v); err == nil {
				user, hasUser = n, true
			}
		}
		if v, ok := o.Field("securityContext", "runAsNonRoot"); ok {
			nonRoot = v == true
		}
	}
	if hasUser {
		return user == 0
	}
	return !nonRoot
}
