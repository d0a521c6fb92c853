package redact

import (
	"strings"
)

// Masked is what machine mode writes in place of every value it hides. Keys always stay.
const Masked = "<redacted>"

// MaskString returns Masked, for renderers that mask a cell, a name line or a describe value.
func MaskString() string { return Masked }

// Machine masks, in place, every value the machine-mode rules name, at any depth of v: objects,
// lists, watch events, Tables, pod templates, a ControllerRevision's data and pod specs or Secrets
// embedded in custom resources alike. Keys are kept; a masked value becomes Masked, and a masked
// map or array keeps its shape with every scalar inside it Masked (null stays null). A field that
// should hold a name or a list but holds a map (as in a CRD's schema, where "secretName" describes
// the field) is not masked but walked like any other map. Machine is idempotent and never unmasks.
// docs/redaction.md lists the rules; machineMap applies them to one map.
func Machine(v any) { machineRules.walk(v, "", 0) }

// maskDeep masks v whole: a scalar becomes Masked, nil stays nil, and a map or an array keeps its
// keys and length with every value inside masked the same way. Maps and arrays are changed in
// place; the result is what to store where v was. It is the one walker with wholeRules.
func maskDeep(v any) any {
	if nv, replace, _ := wholeRules.walk(v, "", 0); replace {
		return nv
	}
	return v
}

// maskField masks m[key] whole when it is present and not null.
func maskField(m map[string]any, key string) {
	if v, present := m[key]; present && v != nil {
		m[key] = maskDeep(v)
	}
}

// maskRefNames masks a reference to a Secret: a scalar is the name itself; a map's name and
// secretName are masked whatever they hold (a schema never puts name directly under such a key,
// it puts it under properties); an array's elements are masked the same way. It returns what to
// store.
func maskRefNames(v any) any {
	switch t := v.(type) {
	case map[string]any:
		maskField(t, "name")
		maskField(t, "secretName")
		return t
	case []any:
		for i, el := range t {
			if em, ok := el.(map[string]any); ok {
				maskField(em, "name")
				maskField(em, "secretName")
			} else {
				t[i] = maskDeep(el)
			}
		}
		return t
	default:
		return maskDeep(v)
	}
}

// isSecretRefKey is true for a key whose value refers to a Secret by name: secretRef, every
// *SecretRef (tokenSecretRef, nodePublishSecretRef, controllerExpandSecretRef ...), their plural
// forms, secretKeyRef, a volume's or projected source's secret, and imagePullSecrets.
func isSecretRefKey(k string) bool {
	switch k {
	case "secretRef", "secretRefs", "secretKeyRef", "secret", "imagePullSecrets", "secrets":
		return true
	}
	return strings.HasSuffix(k, "SecretRef") || strings.HasSuffix(k, "SecretRefs")
}

// isSecretNameKey is true for a key that holds a Secret's name as a string: secretName (volumes,
// Ingress tls, cert-manager), every *SecretName, and the CSI parameters of a StorageClass
// (csi.storage.k8s.io/node-stage-secret-name and the like).
func isSecretNameKey(k string) bool {
	return k == "secretName" || strings.HasSuffix(k, "SecretName") || strings.HasSuffix(k, "secret-name")
}

// machineMap applies every machine-mode rule to one map. hint is the kind its parent list gives
// its items when the map carries none.
func machineMap(m map[string]any, hint string) {
	kind, _ := m["kind"].(string)
	if _, present := m["kind"]; !present {
		kind = hint
	}
	// A manifest embedded in another object (a bundle, a policy's generate block) is read by
	// whatever wrote it, and readers such as kubectl apply fold a kind's case: "secret" is a
	// Secret here, as "configmap" is a ConfigMap.
	for _, k := range [...]string{"Secret", "ConfigMap"} {
		if strings.EqualFold(kind, k) {
			kind = k
		}
	}
	// A SelfSubjectReview's user info: its extra values can carry anything an authenticator adds.
	if ui, ok := m["userInfo"].(map[string]any); ok {
		maskField(ui, "extra")
	}

	// The value of each element of an env array and of an httpHeaders array; an element that is
	// not an object is masked whole.
	for _, key := range [...]string{"env", "httpHeaders"} {
		arr, ok := m[key].([]any)
		if !ok {
			continue
		}
		for i, el := range arr {
			if em, ok := el.(map[string]any); ok {
				maskField(em, "value")
			} else {
				arr[i] = maskDeep(el)
			}
		}
	}

	// Every element of a command or args array, wherever one sits: containers, exec.command
	// under probes and lifecycle hooks, and pod specs inside custom resources. A string there is
	// a command too; a map is a schema and is left.
	for _, key := range [...]string{"command", "args"} {
		switch m[key].(type) {
		case nil, map[string]any:
		default:
			maskField(m, key)
		}
	}

	// The values of every annotations map under any metadata (the last-applied copy included).
	// managedFields go: their keys spell list-map keys such as k:{"name":"regcred"} under
	// f:imagePullSecrets, a Secret's name that no value mask can reach, and kubectl hides them.
	if md, ok := m["metadata"].(map[string]any); ok {
		maskField(md, "annotations")
		delete(md, "managedFields")
	}

	switch kind {
	case "ConfigMap":
		maskField(m, "data")
		maskField(m, "binaryData")
	case "Secret":
		maskField(m, "data")
		maskField(m, "stringData")
		if md, ok := m["metadata"].(map[string]any); ok {
			maskSecretNames(md)
		} else {
			maskField(m, "metadata")
		}
		// A reference to a Secret (an owner reference, an event's involvedObject or regarding,
		// a policy's generate block) names it in name.
		maskField(m, "name")
	}

	// An Event about a Secret is named after it (NAME.<hash>).
	if AboutSecret(m) {
		if md, ok := m["metadata"].(map[string]any); ok {
			maskField(md, "name")
		}
	}

	for k, v := range m {
		switch {
		case isSecretNameKey(k):
			// The value is the name. A map here is a schema describing the field: left.
			if _, isMap := v.(map[string]any); !isMap {
				m[k] = maskDeep(v)
			}
		case isSecretRefKey(k):
			m[k] = maskRefNames(v)
		case k == "certificateRefs":
			// Gateway API: a certificate reference with no kind is a Secret.
			if arr, ok := v.([]any); ok {
				for _, el := range arr {
					if em, ok := el.(map[string]any); ok {
						if rk, has := em["kind"]; !has || rk == "Secret" || rk == "" {
							maskField(em, "name")
						}
					}
				}
			}
		}
	}

	// resourceNames of an RBAC rule that covers core Secrets (Role, ClusterRole, a rules
	// review's resourceRules, an admission policy's resource rules).
	if _, present := m["resourceNames"]; present && ruleCoversSecrets(m) {
		maskField(m, "resourceNames")
	}

	// The name in an access review's resourceAttributes about Secrets.
	if res, ok := m["resource"].(string); ok && (res == "secrets" || res == "*") {
		if g, present := m["group"]; !present || g == "" || g == "*" {
			maskField(m, "name")
		}
	}
}

// AboutSecret reports whether an object refers to a Secret as an Event does: its involvedObject
// (core events), regarding or related (events.k8s.io) names the kind Secret, in any case. Such an
// event is named after the Secret (NAME.<hash>), so machine mode hides the event's own name in
// every form: its metadata here, its name cell and -o name line where get prints rows.
func AboutSecret(obj map[string]any) bool {
	for _, key := range [...]string{"involvedObject", "regarding", "related"} {
		if ref, ok := obj[key].(map[string]any); ok {
			if kind, _ := ref["kind"].(string); strings.EqualFold(kind, "Secret") {
				return true
			}
		}
	}
	return false
}

// EventRowAboutSecret decides, for one row of a Table of events, whether the event is about a
// Secret (and so named after it): by the row's object when it carries one that says what it is
// about, else by the server's Object cell ("kind/name", hasCell when the page has that column).
// A row that can tell neither way is taken as one about a Secret, so its name is withheld.
func EventRowAboutSecret(obj map[string]any, objectCell string, hasCell bool) bool {
	if AboutSecret(obj) {
		return true
	}
	for _, key := range [...]string{"involvedObject", "regarding"} {
		if _, ok := obj[key].(map[string]any); ok {
			return false
		}
	}
	if hasCell {
		kind, _, _ := strings.Cut(objectCell, "/")
		return strings.EqualFold(kind, "secret")
	}
	return true
}

// ruleCoversSecrets decides whether an RBAC rule's resources and apiGroups may cover core
// Secrets. A field missing or of the wrong type counts as covering them, so a rule Machine cannot
// read is masked rather than trusted.
func ruleCoversSecrets(rule map[string]any) bool {
	return listMatches(rule, "resources", CoversSecrets) && listMatches(rule, "apiGroups", func(s string) bool {
		return s == "" || s == "*"
	})
}

// CoversSecrets reports whether an RBAC rule's resource may reach core Secrets: secrets, a
// subresource of them (secrets/status), or a wildcard, in any case (a rule is matched as written
// by the authorizer, but a reader of it must not be told a name because of its spelling).
func CoversSecrets(resource string) bool {
	s := strings.ToLower(resource)
	return s == "secrets" || s == "*" || strings.HasPrefix(s, "secrets/") || strings.HasPrefix(s, "*/")
}

func listMatches(rule map[string]any, key string, match func(string) bool) bool {
	raw, present := rule[key]
	if !present || raw == nil {
		return true
	}
	arr, ok := raw.([]any)
	if !ok {
		return true
	}
	for _, el := range arr {
		s, ok := el.(string)
		if !ok || match(s) {
			return true
		}
	}
	return false
}

// MachineSecretAnswer masks an answer to a read whose target is core secrets, in place, for an
// agent: besides Machine's rules, every object in it is taken as a Secret, so the kind-less items of
// a list and the PartialObjectMetadata rows of a Table lose their names too, and a Table's name
// column (format "name") is masked in every row. A Status (an error answer) is left to Machine.
// The -o name line and the describe name are the renderer's to mask with MaskString.
func MachineSecretAnswer(v any) {
	secretAnswerWalk(v, 0, machineSecretTable, machineSecretObject)
	Machine(v)
}

// machineSecretTable masks a Table of core secrets: every name cell, and every row object as a
// Secret with its names.
func machineSecretTable(m map[string]any) {
	rows, _ := m["rows"].([]any)
	nameCols := tableNameColumns(m)
	for _, r := range rows {
		row, ok := r.(map[string]any)
		if !ok {
			continue
		}
		cells, _ := row["cells"].([]any)
		obj, _ := row["object"].(map[string]any)
		maskSecretRow(cells, obj, nameCols)
	}
}

// maskSecretRow masks one row of a Table of core secrets: the cells at nameCols, and its object
// (nil when the row has none) as a Secret with its names.
func maskSecretRow(cells []any, obj map[string]any, nameCols []int) {
	for _, i := range nameCols {
		if i < len(cells) {
			cells[i] = maskDeep(cells[i])
		}
	}
	if obj != nil {
		machineSecretObject(obj)
	}
}

// MachineTableRow masks, in place, one row of a Table answer held as its parts rather than as
// the decoded document (a library reader's rows, a watch event's): its cells and its object (nil
// when it has none) by the machine rules, and in a Table of core secrets (secrets) the object as
// a Secret and the cells at nameCols (NameColumns). It does what MachineSecretAnswer and Machine
// do to the same row inside its Table.
func MachineTableRow(cells []any, obj map[string]any, secrets bool, nameCols []int) {
	if secrets {
		maskSecretRow(cells, obj, nameCols)
	}
	Machine(cells)
	if obj != nil {
		Machine(obj)
	}
}

// machineSecretObject masks one object taken as a Secret, its names included.
func machineSecretObject(obj map[string]any) {
	machineMap(obj, "Secret")
	maskObjectNames(obj)
}

// maskObjectNames masks the names in an object's metadata whatever its kind says.
func maskObjectNames(obj map[string]any) {
	if md, ok := obj["metadata"].(map[string]any); ok {
		maskSecretNames(md)
	}
}

// maskSecretNames masks what names a Secret in its metadata: name, generateName and selfLink.
func maskSecretNames(md map[string]any) {
	maskField(md, "name")
	maskField(md, "generateName")
	maskField(md, "selfLink")
}

// tableNameColumns lists the indexes of a Table document's name columns (NameColumns).
func tableNameColumns(table map[string]any) []int {
	cols, _ := table["columnDefinitions"].([]any)
	names, formats := make([]string, len(cols)), make([]string, len(cols))
	for i, c := range cols {
		if col, ok := c.(map[string]any); ok {
			names[i], _ = col["name"].(string)
			formats[i], _ = col["format"].(string)
		}
	}
	return NameColumns(names, formats)
}

// NameColumns lists the indexes of a Table's columns that hold the object's name, given each
// column's name and format: the columns whose format is "name", or failing that those called
// Name; a Table with no columns has its name in the first cell.
func NameColumns(names, formats []string) []int {
	var byFormat, byName []int
	for i := range names {
		if formats[i] == "name" {
			byFormat = append(byFormat, i)
		}
		if strings.EqualFold(names[i], "name") {
			byName = append(byName, i)
		}
	}
	if len(byFormat) > 0 {
		return byFormat
	}
	if len(byName) > 0 {
		return byName
	}
	if len(names) == 0 {
		return []int{0}
	}
	return nil
}
