package describe

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/kube"
)

// Storage: persistent volumes and claims, and the volume sources a pod or a volume prints.

func (r *dRenderer) volumes(vols []any, space string) {
	w := r.w
	if len(vols) == 0 {
		w.write(0, "%sVolumes:\t<none>\n", space)
		return
	}
	w.write(0, "%sVolumes:\n", space)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, v := range vols {
		w.write(1, "%s%s:\n", nameIndent, dstr(v, "name"))
		r.volumeSource(v)
	}
}

// volumeSource prints the volume types a cluster commonly uses the way kubectl does, and
// "<unknown>" for the rest.
func (r *dRenderer) volumeSource(v any) {
	w := r.w
	optional := func(m any) string { return strconv.FormatBool(dbool(m, "optional")) }
	switch {
	case dmap(v, "hostPath") != nil:
		hp := dmap(v, "hostPath")
		typ := dstr(hp, "type")
		if !dhas(hp, "type") {
			typ = "<none>"
		}
		w.write(2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%s\n    HostPathType:\t%s\n", dstr(hp, "path"), typ)
	case dmap(v, "emptyDir") != nil:
		ed := dmap(v, "emptyDir")
		limit := dstr(ed, "sizeLimit")
		if limit == "" || dZeroQuantity(limit) {
			limit = "<unset>"
		}
		w.write(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t%s\n    SizeLimit:\t%s\n", dstr(ed, "medium"), limit)
	case dmap(v, "secret") != nil:
		s := dmap(v, "secret")
		w.write(2, "Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t%s\n    Optional:\t%s\n", dstr(s, "secretName"), optional(s))
	case dmap(v, "configMap") != nil:
		c := dmap(v, "configMap")
		w.write(2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t%s\n    Optional:\t%s\n", dstr(c, "name"), optional(c))
	case dmap(v, "nfs") != nil:
		n := dmap(v, "nfs")
		w.write(2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t%s\n    Path:\t%s\n    ReadOnly:\t%s\n", dstr(n, "server"), dstr(n, "path"), strconv.FormatBool(dbool(n, "readOnly")))
	case dmap(v, "persistentVolumeClaim") != nil:
		c := dmap(v, "persistentVolumeClaim")
		w.write(2, "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t%s\n    ReadOnly:\t%s\n", dstr(c, "claimName"), strconv.FormatBool(dbool(c, "readOnly")))
	case dmap(v, "ephemeral") != nil:
		w.write(2, "Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n")
		if t := dmap(v, "ephemeral", "volumeClaimTemplate"); t != nil {
			r.claimTemplate(t)
		}
	case dmap(v, "downwardAPI") != nil:
		w.write(2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n")
		r.downwardAPIItems(dlist(v, "downwardAPI", "items"))
	case dmap(v, "projected") != nil:
		w.write(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n")
		r.projectedSources(dlist(v, "projected", "sources"))
	case dmap(v, "csi") != nil:
		c := dmap(v, "csi")
		w.write(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    ReadOnly:\t%s\n", dstr(c, "driver"), dstr(c, "fsType"), strconv.FormatBool(dbool(c, "readOnly")))
		r.volumeAttributes(dStrMap(c, "volumeAttributes"))
	case dmap(v, "image") != nil:
		w.write(2, "Type:\tImage (a container image or OCI artifact)\n    Reference:\t%s\n    PullPolicy:\t%s\n", dstr(v, "image", "reference"), dstr(v, "image", "pullPolicy"))
	default:
		w.write(1, "<unknown>\n")
	}
}

func (r *dRenderer) downwardAPIItems(items []any) {
	for _, it := range items {
		if f := dmap(it, "fieldRef"); f != nil {
			r.w.write(3, "%s -> %s\n", dstr(f, "fieldPath"), dstr(it, "path"))
		}
		if f := dmap(it, "resourceFieldRef"); f != nil {
			r.w.write(3, "%s -> %s\n", dstr(f, "resource"), dstr(it, "path"))
		}
	}
}

func (r *dRenderer) projectedSources(sources []any) {
	w := r.w
	optional := func(m any) string { return strconv.FormatBool(dbool(m, "optional")) }
	for _, src := range sources {
		switch {
		case dmap(src, "secret") != nil:
			w.write(2, "SecretName:\t%s\n    Optional:\t%s\n", dstr(src, "secret", "name"), optional(dmap(src, "secret")))
		case dmap(src, "downwardAPI") != nil:
			w.write(2, "DownwardAPI:\ttrue\n")
		case dmap(src, "configMap") != nil:
			w.write(2, "ConfigMapName:\t%s\n    Optional:\t%s\n", dstr(src, "configMap", "name"), optional(dmap(src, "configMap")))
		case dmap(src, "serviceAccountToken") != nil:
			w.write(2, "TokenExpirationSeconds:\t%s\n", dint(src, "serviceAccountToken", "expirationSeconds"))
		}
	}
}

func (r *dRenderer) volumeAttributes(attrs map[string]string) {
	w := r.w
	w.write(2, "VolumeAttributes:\t")
	if len(attrs) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, k := range dKeys(attrs) {
		if i != 0 {
			w.write(2, "\t")
		}
		w.write(0, "%s=%s\n", k, attrs[k])
	}
}

// claimTemplate prints an ephemeral volume's claim template, nested under the volume, as
// kubectl prints a claim that is not a whole PVC.
func (r *dRenderer) claimTemplate(t map[string]any) {
	w := r.w
	const in = "    "
	w.write(0, in+"StorageClass:\t%s\n", dClaimClass(t))
	w.write(0, in+"Volume:\t%s\n", dstr(t, "spec", "volumeName"))
	w.labels(in, "Labels", dStrMap(t, "metadata", "labels"))
	w.annotationsAt(in, "Annotations", dStrMap(t, "metadata", "annotations"))
	w.write(0, in+"Capacity:\t\n")
	w.write(0, in+"Access Modes:\t\n")
	w.claimModeAndSource(in, t)
}

func dClaimClass(c any) string {
	if v, ok := dmap(c, "metadata", "annotations")["volume.beta.kubernetes.io/storage-class"]; ok {
		return dscalar(v)
	}
	return dstr(c, "spec", "storageClassName")
}

func dAccessModes(list []string) string {
	set := map[string]bool{}
	for _, m := range list {
		set[m] = true
	}
	var out []string
	for _, m := range [][2]string{{"ReadWriteOnce", "RWO"}, {"ReadOnlyMany", "ROX"}, {"ReadWriteMany", "RWX"}, {"ReadWriteOncePod", "RWOP"}} {
		if set[m[0]] {
			out = append(out, m[1])
		}
	}
	return strings.Join(out, ",")
}

func (r *dRenderer) pvc() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "StorageClass:\t%s\n", dClaimClass(o))
	r.phaseStatus()
	volume := dstr(o, "spec", "volumeName")
	w.write(0, "Volume:\t%s\n", volume)
	r.labelsAndAnnotations()
	w.write(0, "Finalizers:\t%s\n", dGoList(dStrList(o, "metadata", "finalizers")))
	capacity, modes := "", ""
	if volume != "" {
		modes = dAccessModes(dStrList(o, "status", "accessModes"))
		capacity = dCapacity(o, "status")
	}
	w.write(0, "Capacity:\t%s\n", capacity)
	w.write(0, "Access Modes:\t%s\n", modes)
	w.claimModeAndSource("", o)
	usedBy := append([]string(nil), r.d.extra.usedBy...)
	sort.Strings(usedBy)
	w.write(0, "Used By:\t")
	w.valueLines("", usedBy)
	w.datedConditions(dlist(o, "status", "conditions"), "LastProbeTime", "lastProbeTime")
	r.events()
}

// dCapacity is the storage size in a claim's status or a volume's spec, "0" when it has none.
func dCapacity(v any, part string) string {
	if c := dstr(v, part, "capacity", "storage"); c != "" {
		return c
	}
	return "0"
}

// claimModeAndSource prints a claim's volume mode and the data it is filled from, if it says;
// indent places it under an ephemeral volume when the claim is a template.
func (w *describeWriter) claimModeAndSource(indent string, claim any) {
	if v := dstr(claim, "spec", "volumeMode"); v != "" {
		w.write(0, "%sVolumeMode:\t%s\n", indent, v)
	}
	ds := dmap(claim, "spec", "dataSource")
	if ds == nil {
		return
	}
	w.write(0, "%sDataSource:\n", indent)
	if dhas(ds, "apiGroup") {
		w.write(0, "%s  APIGroup:\t%s\n", indent, dstr(ds, "apiGroup"))
	}
	w.write(0, "%s  Kind:\t%s\n", indent, dstr(ds, "kind"))
	w.write(0, "%s  Name:\t%s\n", indent, dstr(ds, "name"))
}

func (r *dRenderer) pv() {
	w, o := r.w, r.obj
	r.headAndLabels(false)
	w.write(0, "Finalizers:\t%s\n", dGoList(dStrList(o, "metadata", "finalizers")))
	w.write(0, "StorageClass:\t%s\n", dClaimClass(o))
	r.phaseStatus()
	claim := ""
	if ref := dmap(o, "spec", "claimRef"); ref != nil {
		claim = dstr(ref, "namespace") + "/" + dstr(ref, "name")
	}
	w.write(0, "Claim:\t%s\n", claim)
	w.write(0, "Reclaim Policy:\t%s\n", dstr(o, "spec", "persistentVolumeReclaimPolicy"))
	w.write(0, "Access Modes:\t%s\n", dAccessModes(dStrList(o, "spec", "accessModes")))
	w.optional("VolumeMode", dstr(o, "spec", "volumeMode"))
	w.write(0, "Capacity:\t%s\n", dCapacity(o, "spec"))
	r.pvNodeAffinity(dmap(o, "spec", "nodeAffinity", "required"))
	w.write(0, "Message:\t%s\n", dstr(o, "status", "message"))
	w.write(0, "Source:\n")
	r.pvSource(dmap(o, "spec"))
	r.events()
}

// pvNodeAffinity prints the node selector terms a volume requires, one expression a line.
func (r *dRenderer) pvNodeAffinity(req map[string]any) {
	w := r.w
	w.write(0, "Node Affinity:\t")
	if req == nil {
		w.write(0, "<none>\n")
		return
	}
	w.write(0, "\n")
	w.write(1, "Required Terms:\t")
	terms := dlist(req, "nodeSelectorTerms")
	if len(terms) == 0 {
		w.write(0, "<none>\n")
		return
	}
	w.write(0, "\n")
	for i, t := range terms {
		var exprs []string
		for _, e := range dlist(t, "matchExpressions") {
			s := dstr(e, "key") + " " + strings.ToLower(dstr(e, "operator"))
			if vals := dStrList(e, "values"); len(vals) > 0 {
				s += " [" + strings.Join(vals, ", ") + "]"
			}
			exprs = append(exprs, s)
		}
		w.write(2, "Term %d:\t", i)
		w.valueLines("    ", exprs)
	}
}

// pvSource prints where a persistent volume's storage is; the sources a pod's volume can also
// name print as they do there.
func (r *dRenderer) pvSource(spec map[string]any) {
	w := r.w
	switch {
	case dmap(spec, "hostPath") != nil, dmap(spec, "nfs") != nil:
		r.volumeSource(spec)
	case dmap(spec, "local") != nil:
		w.write(2, "Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t%s\n", dstr(spec, "local", "path"))
	case dmap(spec, "csi") != nil:
		c := dmap(spec, "csi")
		w.write(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    VolumeHandle:\t%s\n    ReadOnly:\t%s\n",
			dstr(c, "driver"), dstr(c, "fsType"), dstr(c, "volumeHandle"), strconv.FormatBool(dbool(c, "readOnly")))
		r.volumeAttributes(dStrMap(c, "volumeAttributes"))
	default:
		w.write(1, "<unknown>\n")
	}
}

// claimUsers reads the namespace's pods to find those using a PVC.
func (rd *describeRead) claimUsers(ctx context.Context) {
	pods, err := rd.list(ctx, "pods", kube.Scope{Namespace: rd.ns}, kube.ListOptions{})
	if err != nil {
		rd.notice(noticeDescribeRelated, "Used By", dwhy(err))
	}
	rd.d.extra.usedBy = dPodsUsingClaim(rd.d.Object, pods)
}

// dPodsUsingClaim lists the pods that mount the claim, then the pods that own it, as kubectl does.
func dPodsUsingClaim(pvc map[string]any, pods []map[string]any) []string {
	claim := dstr(pvc, "metadata", "name")
	var out []string
	seen := map[string]bool{}
	for _, p := range pods {
		for _, v := range dlist(p, "spec", "volumes") {
			if dmap(v, "persistentVolumeClaim") != nil && dstr(v, "persistentVolumeClaim", "claimName") == claim {
				out = append(out, dstr(p, "metadata", "name"))
				seen[dstr(p, "metadata", "uid")] = true
			}
		}
	}
	for _, ref := range dlist(pvc, "metadata", "ownerReferences") {
		if dstr(ref, "kind") != "Pod" {
			continue
		}
		for _, p := range pods {
			uid := dstr(p, "metadata", "uid")
			if uid == dstr(ref, "uid") && !seen[uid] {
				seen[uid] = true
				out = append(out, dstr(p, "metadata", "name"))
			}
		}
	}
	return out
}

// storageClass prints a storage class as kubectl does: whether it is the default, its
// annotations and parameters each on one line, and the policies it sets.
func (r *dRenderer) storageClass() {
	w, o := r.w, r.obj
	r.head(false)
	ann := dStrMap(o, "metadata", "annotations")
	isDefault := "No"
	if ann["storageclass.kubernetes.io/is-default-class"] == "true" || ann["storageclass.beta.kubernetes.io/is-default-class"] == "true" {
		isDefault = "Yes"
	}
	w.write(0, "IsDefaultClass:\t%s\n", isDefault)
	w.write(0, "Annotations:\t%s\n", dLabelSet(ann))
	w.write(0, "Provisioner:\t%s\n", dstr(o, "provisioner"))
	w.write(0, "Parameters:\t%s\n", dLabelSet(dStrMap(o, "parameters")))
	expand := "<unset>"
	if dhas(o, "allowVolumeExpansion") {
		expand = dBool(dbool(o, "allowVolumeExpansion"))
	}
	w.write(0, "AllowVolumeExpansion:\t%s\n", expand)
	if opts := dStrList(o, "mountOptions"); len(opts) == 0 {
		w.write(0, "MountOptions:\t<none>\n")
	} else {
		w.write(0, "MountOptions:\n")
		for _, opt := range opts {
			w.write(1, "%s\n", opt)
		}
	}
	w.present("ReclaimPolicy", o, "reclaimPolicy")
	w.present("VolumeBindingMode", o, "volumeBindingMode")
	if dhas(o, "allowedTopologies") {
		r.allowedTopologies(dlist(o, "allowedTopologies"))
	}
	r.events()
}

// allowedTopologies prints the topology terms a storage class allows, one requirement a line.
func (r *dRenderer) allowedTopologies(terms []any) {
	w := r.w
	w.write(0, "AllowedTopologies:\t")
	if len(terms) == 0 {
		w.write(0, "<none>\n")
		return
	}
	w.write(0, "\n")
	for i, t := range terms {
		w.write(1, "Term %d:\t", i)
		reqs := dlist(t, "matchLabelExpressions")
		if len(reqs) == 0 {
			w.write(0, "<none>\n")
			continue
		}
		for j, req := range reqs {
			if j != 0 {
				w.write(1, "\t")
			}
			expr := dstr(req, "key") + " in"
			if vals := dStrList(req, "values"); len(vals) > 0 {
				expr += " [" + strings.Join(vals, ", ") + "]"
			}
			w.write(0, "%s\n", expr)
		}
	}
}
