package describe

import "testing"

// A default class by the beta annotation, with parameters, mount options and allowed topologies
// (a hostile value among them); and a class that says nothing of its policies.
const syntheticStorageClass = `{
  "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
  "metadata": {"name": "fast", "annotations": {"storageclass.beta.kubernetes.io/is-default-class": "true", "owner": "storage"}},
  "provisioner": "csi.example.com", "parameters": {"type": "ssd", "iops": "3000"},
  "allowVolumeExpansion": false, "mountOptions": ["debug", "nfsvers=4.1"],
  "reclaimPolicy": "Retain", "volumeBindingMode": "WaitForFirstConsumer",
  "allowedTopologies": [
    {"matchLabelExpressions": [{"key": "topology.kubernetes.io/zone", "values": ["z1", "z2"]}, {"key": "rack", "values": ["ok\u001b]0;pwned\u0007 \nnext\tcell"]}]},
    {"matchLabelExpressions": []}
  ]
}`

const syntheticPlainClass = `{
  "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
  "metadata": {"name": "plain", "annotations": {"storageclass.kubernetes.io/is-default-class": "yes"}}, "provisioner": "none"
}`

func TestDescribeStorageClass(t *testing.T) {
	text := renderSynthetic(t, "storage.k8s.io", "v1", "storageclasses", "StorageClass", false, decodeSynthetic(t, syntheticStorageClass), syntheticEvents())
	plain := renderSynthetic(t, "storage.k8s.io", "v1", "storageclasses", "StorageClass", false, decodeSynthetic(t, syntheticPlainClass), []map[string]any{})
	checkSynthetic(t, "storageclass.txt", text+"\n\n"+plain,
		"IsDefaultClass:        Yes\n",
		"Annotations:           owner=storage,storageclass.beta.kubernetes.io/is-default-class=true\n",
		"Parameters:            iops=3000,type=ssd\nAllowVolumeExpansion:  False\nMountOptions:\n  debug\n  nfsvers=4.1\nReclaimPolicy:      Retain\n",
		"AllowedTopologies:  \n  Term 0:           topology.kubernetes.io/zone in [z1, z2]\n                    rack in ["+hostileShown+"]\n",
		"  Term 1:           <none>\nEvents:\n",
		"IsDefaultClass:        No\n", "AllowVolumeExpansion:  <unset>\nMountOptions:          <none>\nEvents:                <none>\n")
}
