#!/usr/bin/env bash
# e2e/seed.sh VERSION [--big]: seed the realistic scenario into the cluster started by `cluster.sh up VERSION`.
#
# kubectl (admin.kubeconfig) writes only here, for setup. Names are deterministic; re-running is safe.
# Writes <state>/canaries.txt: every CANARY-* string planted for the redaction suite, one per line.
# --big additionally creates namespace big with 4,900 pods (BIG_PODS=N for another count, up to
# 23,500: the bench scales it to 5,000 and 20,000), namespaces ns-0000..ns-1049 and 1,050 ConfigMaps
# in shop-big (minutes; for benchmarks and cap tests).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
state_root=${STUDIOCTL_E2E_STATE:-/tmp/studioctl-e2e}
user_kubectl=${KUBECTL:-}

log() { printf '[seed.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ $# -ge 1 ] || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
v=${1#v}; IFS=. read -r ma mi _ <<<"$v" || true
[[ "$ma" =~ ^[0-9]+$ && "$mi" =~ ^[0-9]+$ ]] || die "bad VERSION '$1'"
VER="v$ma.$mi"
BIG=0
[ "${2:-}" = "--big" ] && BIG=1
S="$state_root/$VER"
[ -f "$S/env" ] || die "no cluster at $S (run: $here/cluster.sh up $VER)"
# shellcheck disable=SC1091
. "$S/env"
# kubectl: $KUBECTL if set, else the one cluster.sh built from the control plane's own module.
KUBECTL_BIN=${user_kubectl:-${KUBECTL:-}}
[ -n "$KUBECTL_BIN" ] && [ -x "$KUBECTL_BIN" ] || die "no kubectl (the env file names none; set KUBECTL)"
export KUBECONFIG="$KUBECONFIG_ADMIN"
k() { "$KUBECTL_BIN" --kubeconfig "$KUBECONFIG_ADMIN" "$@"; }
M="$S/seed"
mkdir -p "$M"
t0=$(date +%s)

GIT_VERSION=$(k version -o json 2>/dev/null | sed -n 's/.*"gitVersion": *"\(v[^"]*\)".*/\1/p' | tail -1)
[ -n "$GIT_VERSION" ] || GIT_VERSION="$VER.0"

# apply FILE: server-side apply (no last-applied annotation), idempotent.
apply() { k apply --server-side --force-conflicts --field-manager=studioctl-e2e-seed -f "$1" >/dev/null; }
# create_once FILE: kubectl create, tolerating objects that already exist.
create_once() {
  local out
  if ! out=$(k create -f "$1" 2>&1); then
    if grep -v 'AlreadyExists' <<<"$out" | grep -q .; then echo "$out" >&2; return 1; fi
  fi
}

# post_many: read "PATH<TAB>JSON" lines on stdin and POST them all as admin, 16 at a time, with one curl.
# 201 Created and 409 AlreadyExists are fine.
post_many() {
  local cfg="$M/post-many.curlrc" first=1 p body codes bad
  ( umask 077; : >"$cfg" )
  while IFS=$'\t' read -r p body; do
    [ $first = 1 ] || echo next >>"$cfg"
    first=0
    body=${body//\\/\\\\}; body=${body//\"/\\\"}
    printf 'url = "%s%s"\ncacert = "%s"\nheader = "Authorization: Bearer %s"\nheader = "Content-Type: application/json"\nrequest = "POST"\ndata = "%s"\noutput = "/dev/null"\nwrite-out = "%%{http_code}\\n"\n' \
      "$SERVER" "$p" "$CA_FILE" "$ADMIN_TOKEN" "$body" >>"$cfg"
  done
  codes=$(curl -sS --no-progress-meter -Z --parallel-max 16 -K "$cfg" || true)
  rm -f "$cfg"
  bad=$(grep -cv -e '^201$' -e '^409$' <<<"$codes" || true)
  [ "$bad" = 0 ] || die "post_many: $bad requests failed: $(sort <<<"$codes" | uniq -c | tr '\n' ' ')"
}

# The pod template bits every workload needs to land on a kwok node.
TOL='      tolerations:
      - key: kwok.x-k8s.io/node
        operator: Exists
        effect: NoSchedule
      nodeSelector:
        type: kwok'

# ------------------------------------------------------------------ nodes
log "nodes"
node() { # node IDX ZONE TYPE CPU MEM UNSCHEDULABLE
  cat <<EOF
---
apiVersion: v1
kind: Node
metadata:
  name: kwok-node-$1
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
    metrics.k8s.io/resource-metrics-path: /metrics/nodes/kwok-node-$1/metrics/resource
  labels:
    type: kwok
    kubernetes.io/hostname: kwok-node-$1
    kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    beta.kubernetes.io/os: linux
    beta.kubernetes.io/arch: amd64
    node-role.kubernetes.io/worker: ""
    topology.kubernetes.io/region: eu-west-1
    topology.kubernetes.io/zone: $2
    node.kubernetes.io/instance-type: $3
spec:
  podCIDR: 10.244.$1.0/24
  podCIDRs: [10.244.$1.0/24]
  unschedulable: $6
  taints:
  - key: kwok.x-k8s.io/node
    value: fake
    effect: NoSchedule
status:
  capacity: {cpu: "$4", memory: $5, pods: "110", ephemeral-storage: 100Gi}
  allocatable: {cpu: "$4", memory: $5, pods: "110", ephemeral-storage: 95Gi}
  nodeInfo:
    architecture: amd64
    operatingSystem: linux
    osImage: Ubuntu 24.04.1 LTS
    kernelVersion: 6.8.0-1015-aws
    containerRuntimeVersion: containerd://1.7.24
    kubeletVersion: $GIT_VERSION
    kubeProxyVersion: $GIT_VERSION
    machineID: 0f0e0d0c0b0a09080706050403020$1
    systemUUID: ec2a1b2c-0000-4000-8000-00000000000$1
    bootID: 5e1d8c3a-1111-4222-8333-44445555666$1
EOF
}
{
  node 0 eu-west-1a m5.xlarge 4 16Gi false
  node 1 eu-west-1b m5.2xlarge 8 32Gi false
  node 2 eu-west-1c c5.large 2 4Gi true
} >"$M/10-nodes.yaml"
create_once "$M/10-nodes.yaml"
for i in 0 1 2; do k wait --for=condition=Ready "node/kwok-node-$i" --timeout=120s >/dev/null; done

# Nodes shaped like the three clouds' managed node pools (providerID, zone, instance type and the
# pool labels each one sets), with GPUs: eight NVIDIA GPUs on the EKS node, seven MIG 1g.5gb slices
# on the GKE node, eight AMD GPUs on the AKS node. They carry the kwok annotation and taint but not
# the label type=kwok, so the original workloads (and the node-exporter DaemonSet) stay on
# kwok-node-0..2; the ml-platform workloads below select them.
log "cloud-shaped GPU nodes"
cloud_node() { # cloud_node NAME PROVIDER_ID CPU MEMORY GPU_RESOURCE GPU_COUNT OS_IMAGE KERNEL LABEL...
  local name=$1 pid=$2 cpu=$3 mem=$4 gres=$5 gcount=$6 os=$7 kernel=$8 l
  shift 8
  cat <<EOF
---
apiVersion: v1
kind: Node
metadata:
  name: $name
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
    metrics.k8s.io/resource-metrics-path: /metrics/nodes/$name/metrics/resource
  labels:
    kubernetes.io/hostname: $name
    kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    pool: gpu
EOF
  for l in "$@"; do echo "    $l"; done
  cat <<EOF
spec:
  providerID: $pid
  taints:
  - {key: kwok.x-k8s.io/node, value: fake, effect: NoSchedule}
status:
  capacity: {cpu: "$cpu", memory: $mem, pods: "110", ephemeral-storage: 500Gi, $gres: "$gcount"}
  allocatable: {cpu: "$((cpu - 1))", memory: $mem, pods: "110", ephemeral-storage: 450Gi, $gres: "$gcount"}
  nodeInfo:
    architecture: amd64
    operatingSystem: linux
    osImage: $os
    kernelVersion: $kernel
    containerRuntimeVersion: containerd://1.7.27
    kubeletVersion: $GIT_VERSION
    kubeProxyVersion: $GIT_VERSION
    machineID: ""
    systemUUID: ""
    bootID: ""
EOF
}
{
  cloud_node ip-10-0-12-34.eu-west-1.compute.internal aws:///eu-west-1a/i-0f1e2d3c4b5a69788 96 1152Gi nvidia.com/gpu 8 \
    "Amazon Linux 2023.6.20250115" 6.1.124-134.200.amzn2023.x86_64 \
    "topology.kubernetes.io/region: eu-west-1" "topology.kubernetes.io/zone: eu-west-1a" \
    "node.kubernetes.io/instance-type: p4d.24xlarge" "eks.amazonaws.com/nodegroup: gpu-a100" \
    "eks.amazonaws.com/capacityType: ON_DEMAND" "eks.amazonaws.com/nodegroup-image: ami-0a1b2c3d4e5f67890" \
    "nvidia.com/gpu.product: NVIDIA-A100-SXM4-40GB" "nvidia.com/gpu.count: \"8\""
  cloud_node gke-prod-gpu-pool-5f3c2a1b-x7k2 gce://acme-prod/europe-west4-a/gke-prod-gpu-pool-5f3c2a1b-x7k2 12 85Gi nvidia.com/mig-1g.5gb 7 \
    "Container-Optimized OS from Google" 6.6.56+ \
    "topology.kubernetes.io/region: europe-west4" "topology.kubernetes.io/zone: europe-west4-a" \
    "node.kubernetes.io/instance-type: a2-highgpu-1g" "cloud.google.com/gke-nodepool: gpu-pool" \
    "cloud.google.com/gke-accelerator: nvidia-tesla-a100" "cloud.google.com/gke-gpu-partition-size: 1g.5gb" \
    "cloud.google.com/machine-family: a2" "cloud.google.com/gke-os-distribution: cos"
  cloud_node aks-gpupool-31415926-vmss000000 "azure:///subscriptions/6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b/resourceGroups/mc_acme-prod_aks-prod_westeurope/providers/Microsoft.Compute/virtualMachineScaleSets/aks-gpupool-31415926-vmss/virtualMachines/0" \
    96 1850Gi amd.com/gpu 8 "Ubuntu 22.04.5 LTS" 5.15.0-1079-azure \
    "topology.kubernetes.io/region: westeurope" "topology.kubernetes.io/zone: westeurope-1" \
    "node.kubernetes.io/instance-type: Standard_ND96isr_MI300X_v5" "kubernetes.azure.com/cluster: MC_acme-prod_aks-prod_westeurope" \
    "kubernetes.azure.com/agentpool: gpupool" "agentpool: gpupool" "kubernetes.azure.com/mode: user"
} >"$M/11-cloud-nodes.yaml"
create_once "$M/11-cloud-nodes.yaml"
for n in ip-10-0-12-34.eu-west-1.compute.internal gke-prod-gpu-pool-5f3c2a1b-x7k2 aks-gpupool-31415926-vmss000000; do
  k wait --for=condition=Ready "node/$n" --timeout=120s >/dev/null
done

# ------------------------------------------------------------------ namespaces
log "namespaces"
cat >"$M/20-namespaces.yaml" <<'EOF'
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels: {team: storefront, env: prod, tier: frontend}
  annotations: {example.com/owner: storefront@example.test}
---
apiVersion: v1
kind: Namespace
metadata:
  name: payments
  labels: {team: payments, env: prod, compliance: pci}
---
apiVersion: v1
kind: Namespace
metadata:
  name: monitoring
  labels: {team: platform, env: prod}
---
apiVersion: v1
kind: Namespace
metadata:
  name: toolhive-system
  labels: {app.kubernetes.io/part-of: toolhive}
---
apiVersion: v1
kind: Namespace
metadata:
  name: mcp-4b1f0c9a7e21
  labels: {eai.io/mcp-runtime: "true"}
EOF
apply "$M/20-namespaces.yaml"
for ns in shop payments monitoring toolhive-system mcp-4b1f0c9a7e21; do
  for _ in $(seq 1 120); do k get sa default -n "$ns" >/dev/null 2>&1 && break; sleep 0.5; done
done

# ------------------------------------------------------------------ canaries
# Each CANARY-* string is planted in exactly one kind of place (see canaries.txt).
C_SECRET_DATA=CANARY-ALPHA           # Secret shop/db-credentials .data.password (base64)
C_SECRET_STRINGDATA=CANARY-BRAVO     # Secret payments/api-keys created with stringData
C_LAST_APPLIED=CANARY-CHARLIE        # Secret payments/stripe-keys, kubectl apply (client-side): last-applied annotation
C_LONG_ANNOTATION=CANARY-DELTA       # Secret payments/legacy-cert, inside a long annotation
C_DEPLOY_ENV=CANARY-ECHO             # Deployment shop/api env value
C_DEPLOY_ARG=CANARY-FOXTROT          # Deployment shop/api container args
C_CRON_ENV=CANARY-GOLF               # CronJob payments/settlement-report env value
C_CRON_ARG=CANARY-HOTEL              # CronJob payments/settlement-report container args
C_DEPLOY_ANNOTATION=CANARY-INDIA     # Deployment shop/api metadata annotation
C_CONFIGMAP=CANARY-JULIET            # ConfigMap shop/app-settings data
C_DOCKERCONFIG=CANARY-KILO           # Secret shop/regcred .dockerconfigjson password (base64 inside base64)
C_SECRET_DATA2=CANARY-LIMA           # Secret payments/stripe-keys .data.webhook-secret (also in last-applied)
C_EMBEDDED=CANARY-MIKE               # Secret shop/secname-canary-a .data.token, and base64 in a lower-case kind: secret manifest in ClusterPolicy secret-sync
C_DEMO_SECRET=CANARY-NOVEMBER        # Secret default/guestbook-db .data.password (the demo's Secret whose values never print)
# Secret names that machine mode must never print (issue 25), each planted in one shape: the
# Secret shop/secname-canary-a and two Events about it (core involvedObject, events.k8s.io
# regarding); a multi-group Role rule's resourceNames (secname-canary-b, payments/secret-rotator);
# the name of a lower-case embedded secret manifest (secname-canary-c, ClusterPolicy secret-sync).
SECRET_NAME_CANARIES="secname-canary-a secname-canary-b secname-canary-c"
umask 077
cat >"$S/canaries.txt" <<EOF
$C_SECRET_DATA
$C_SECRET_STRINGDATA
$C_LAST_APPLIED
$C_LONG_ANNOTATION
$C_DEPLOY_ENV
$C_DEPLOY_ARG
$C_CRON_ENV
$C_CRON_ARG
$C_DEPLOY_ANNOTATION
$C_CONFIGMAP
$C_DOCKERCONFIG
$C_SECRET_DATA2
$C_EMBEDDED
$C_DEMO_SECRET
EOF
printf '%s\n' $SECRET_NAME_CANARIES >"$S/secret-names.txt"
umask 022
b64() { printf '%s' "$1" | base64 -w0; }

# ------------------------------------------------------------------ storage, classes, cluster-scoped
log "cluster-scoped objects"
cat >"$M/30-cluster.yaml" <<'EOF'
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations: {storageclass.kubernetes.io/is-default-class: "true"}
provisioner: kubernetes.io/no-provisioner
reclaimPolicy: Retain
volumeBindingMode: Immediate
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-shop-uploads
  labels: {app: uploads}
spec:
  capacity: {storage: 5Gi}
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Retain
  storageClassName: standard
  hostPath: {path: /data/shop-uploads}
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations: {ingressclass.kubernetes.io/is-default-class: "true"}
spec:
  controller: k8s.io/ingress-nginx
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: prometheus-scraper
rules:
- apiGroups: [""]
  resources: [nodes, nodes/metrics, services, endpoints, pods]
  verbs: [get, list, watch]
- nonResourceURLs: [/metrics]
  verbs: [get]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: prometheus-scraper
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: prometheus-scraper}
subjects:
- {kind: ServiceAccount, name: prometheus, namespace: monitoring}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: business-critical
value: 100000
globalDefault: false
description: Payments and checkout workloads.
EOF
apply "$M/30-cluster.yaml"

# ------------------------------------------------------------------ shop
log "namespace shop"
cat >"$M/40-shop.yaml" <<EOF
apiVersion: v1
kind: ServiceAccount
metadata: {name: web, namespace: shop, labels: {app: web}}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: api, namespace: shop, labels: {app: api}}
---
apiVersion: v1
kind: Secret
metadata:
  name: web-token
  namespace: shop
  annotations: {kubernetes.io/service-account.name: web}
type: kubernetes.io/service-account-token
---
apiVersion: v1
kind: Secret
metadata:
  name: db-credentials
  namespace: shop
  labels: {app: postgres}
type: Opaque
data:
  username: $(b64 shop_app)
  password: $(b64 "$C_SECRET_DATA")
---
apiVersion: v1
kind: Secret
metadata: {name: regcred, namespace: shop}
type: kubernetes.io/dockerconfigjson
data:
  .dockerconfigjson: $(b64 "{\"auths\":{\"registry.shop.example.test\":{\"username\":\"ci-bot\",\"password\":\"$C_DOCKERCONFIG\",\"auth\":\"$(b64 "ci-bot:$C_DOCKERCONFIG")\"}}}")
---
apiVersion: v1
kind: ConfigMap
metadata: {name: web-config, namespace: shop, labels: {app: web}}
data:
  nginx.conf: |
    server {
      listen 8080;
      location / { proxy_pass http://api.shop.svc.cluster.local:8080; }
    }
  log_level: info
---
apiVersion: v1
kind: ConfigMap
metadata: {name: app-settings, namespace: shop, labels: {app: api}}
data:
  FEATURE_FLAGS: "checkout-v2,recommendations"
  PAYMENT_PROVIDER_KEY: "$C_CONFIGMAP"
  settings.json: '{"currency":"EUR","maxCartItems":50}'
---
apiVersion: v1
kind: ConfigMap
metadata: {name: terminal-tricks, namespace: shop}
data:
  banner: "\e]0;pwned\a\e[31mRED\e[0m \e[2J cleared?"
  motd: "plain line\nsecond line\r\nwith carriage return"
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: shop}
rules:
- apiGroups: [""]
  resources: [pods, pods/log]
  verbs: [get, list, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: web-pod-reader, namespace: shop}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects:
- {kind: ServiceAccount, name: web, namespace: shop}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels: {app: web, app.kubernetes.io/name: web, app.kubernetes.io/part-of: shop}
spec:
  replicas: 3
  revisionHistoryLimit: 5
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web, app.kubernetes.io/name: web}
      annotations: {kubectl.kubernetes.io/default-container: web}
    spec:
      serviceAccountName: web
      imagePullSecrets: [{name: regcred}]
$TOL
      initContainers:
      - name: init-config
        image: busybox:1.36.1
        command: [sh, -c, "cp /config/* /work/"]
      containers:
      - name: log-shipper
        image: fluent/fluent-bit:3.1.9
        resources: {requests: {cpu: 20m, memory: 32Mi}, limits: {memory: 64Mi}}
      - name: web
        image: nginx:1.27.3
        ports: [{name: http, containerPort: 8080}]
        resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 500m, memory: 256Mi}}
        readinessProbe: {httpGet: {path: /healthz, port: http}}
        volumeMounts: [{name: config, mountPath: /etc/nginx/conf.d}]
      volumes:
      - name: config
        configMap: {name: web-config}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
  labels: {app: api, app.kubernetes.io/name: api, app.kubernetes.io/part-of: shop}
  annotations:
    example.com/deploy-note: "rolled by ci, debug token $C_DEPLOY_ANNOTATION"
spec:
  replicas: 2
  selector: {matchLabels: {app: api}}
  template:
    metadata:
      labels: {app: api, app.kubernetes.io/name: api}
    spec:
      serviceAccountName: api
      priorityClassName: business-critical
$TOL
      containers:
      - name: api
        image: shop/api:2.4.1
        args: ["--listen=:8080", "--api-key=$C_DEPLOY_ARG"]
        env:
        - {name: DB_HOST, value: postgres.shop.svc.cluster.local}
        - {name: DB_PASSWORD, value: "$C_DEPLOY_ENV"}
        - name: DB_PASSWORD_FROM_SECRET
          valueFrom: {secretKeyRef: {name: db-credentials, key: password}}
        envFrom: [{configMapRef: {name: app-settings}}]
        ports: [{name: http, containerPort: 8080}]
        resources: {requests: {cpu: 200m, memory: 128Mi}, limits: {cpu: "1", memory: 512Mi}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: postgres
  namespace: shop
  labels: {app: postgres}
spec:
  serviceName: postgres
  replicas: 2
  selector: {matchLabels: {app: postgres}}
  template:
    metadata:
      labels: {app: postgres}
    spec:
$TOL
      containers:
      - name: postgres
        image: postgres:16.4
        ports: [{name: pg, containerPort: 5432}]
        env:
        - name: POSTGRES_PASSWORD
          valueFrom: {secretKeyRef: {name: db-credentials, key: password}}
        resources: {requests: {cpu: 250m, memory: 256Mi}}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop, labels: {app: web}}
spec:
  type: ClusterIP
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}]
---
apiVersion: v1
kind: Service
metadata: {name: web-nodeport, namespace: shop, labels: {app: web}}
spec:
  type: NodePort
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http, nodePort: 30080}]
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop, labels: {app: api}}
spec:
  selector: {app: api}
  ports: [{name: http, port: 8080, targetPort: http}]
---
apiVersion: v1
kind: Service
metadata: {name: postgres, namespace: shop, labels: {app: postgres}}
spec:
  clusterIP: None
  selector: {app: postgres}
  ports: [{name: pg, port: 5432}]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  namespace: shop
  annotations: {nginx.ingress.kubernetes.io/proxy-body-size: 8m}
spec:
  ingressClassName: nginx
  tls: [{hosts: [shop.example.test], secretName: web-tls}]
  rules:
  - host: shop.example.test
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
      - {path: /api, pathType: Prefix, backend: {service: {name: api, port: {number: 8080}}}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: uploads, namespace: shop}
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: standard
  volumeName: pv-shop-uploads
  resources: {requests: {storage: 5Gi}}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: api, namespace: shop}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}
  minReplicas: 2
  maxReplicas: 6
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: shop}
spec:
  minAvailable: 2
  selector: {matchLabels: {app: web}}
---
apiVersion: v1
kind: Pod
metadata:
  name: tty-trick
  namespace: shop
  labels: {app: tty-trick}
  annotations:
    example.com/title: "\e]0;pwned\a"
    example.com/colour: "\e[31mred\e[0m and \e[1mbold\e[0m"
    example.com/multiline: "line one\nline two"
spec:
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers:
  - name: main
    image: busybox:1.36.1
    command: [sleep, infinity]
EOF
apply "$M/40-shop.yaml"

# ------------------------------------------------------------------ default
# What a reader sees first: `get pods` with no namespace reads default (issue 30). A small
# guestbook: a Deployment of two pods, their Service, the ConfigMap they mount and the Secret their
# env reads, whose password is a canary (the demo captures the Secret with its values stripped).
log "namespace default"
cat >"$M/45-default.yaml" <<EOF
apiVersion: v1
kind: ConfigMap
metadata: {name: guestbook-settings, namespace: default, labels: {app: guestbook}}
data:
  settings.yaml: |
    greeting: Hello from the demo
    pageSize: 20
  log_level: info
---
apiVersion: v1
kind: Secret
metadata: {name: guestbook-db, namespace: default, labels: {app: guestbook}}
type: Opaque
data:
  username: $(b64 guestbook)
  password: $(b64 "$C_DEMO_SECRET")
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: guestbook
  namespace: default
  labels: {app: guestbook, app.kubernetes.io/name: guestbook}
spec:
  replicas: 2
  selector: {matchLabels: {app: guestbook}}
  template:
    metadata:
      labels: {app: guestbook, app.kubernetes.io/name: guestbook}
    spec:
$TOL
      containers:
      - name: guestbook
        image: registry.example.test/guestbook:1.3.0
        ports: [{name: http, containerPort: 8080}]
        env:
        - name: DB_USER
          valueFrom: {secretKeyRef: {name: guestbook-db, key: username}}
        - name: DB_PASSWORD
          valueFrom: {secretKeyRef: {name: guestbook-db, key: password}}
        - name: LOG_LEVEL
          valueFrom: {configMapKeyRef: {name: guestbook-settings, key: log_level}}
        resources: {requests: {cpu: 50m, memory: 64Mi}, limits: {cpu: 250m, memory: 128Mi}}
        readinessProbe: {httpGet: {path: /healthz, port: http}}
        securityContext: {runAsNonRoot: true, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true}
        volumeMounts: [{name: settings, mountPath: /etc/guestbook, readOnly: true}]
      volumes:
      - name: settings
        configMap: {name: guestbook-settings, items: [{key: settings.yaml, path: settings.yaml}]}
---
apiVersion: v1
kind: Service
metadata: {name: guestbook, namespace: default, labels: {app: guestbook}}
spec:
  selector: {app: guestbook}
  ports: [{name: http, port: 80, targetPort: http}]
EOF
apply "$M/45-default.yaml"

# ------------------------------------------------------------------ payments
log "namespace payments"
{
  printf 'rotation log for the legacy certificate; '
  for i in $(seq 1 30); do printf 'entry %02d: rotated by ops without incident; ' "$i"; done
  printf 'emergency override %s; ' "$C_LONG_ANNOTATION"
  for i in $(seq 31 60); do printf 'entry %02d: rotated by ops without incident; ' "$i"; done
} >"$M/long-annotation.txt"
cat >"$M/50-payments.yaml" <<EOF
apiVersion: v1
kind: ServiceAccount
metadata: {name: payments-api, namespace: payments}
---
apiVersion: v1
kind: Secret
metadata:
  name: legacy-cert
  namespace: payments
  annotations:
    example.com/rotation-notes: "$(cat "$M/long-annotation.txt")"
type: Opaque
data:
  tls.crt: $(b64 "-----BEGIN CERTIFICATE-----MIIBfake-----END CERTIFICATE-----")
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: payments}
spec:
  hard: {pods: "30", requests.cpu: "6", requests.memory: 12Gi, limits.memory: 24Gi, services: "10", secrets: "40"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: payments}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 256Mi}
    defaultRequest: {cpu: 100m, memory: 128Mi}
    max: {cpu: "2", memory: 2Gi}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: secret-reader, namespace: payments}
rules:
- apiGroups: [""]
  resources: [secrets]
  resourceNames: [api-keys]
  verbs: [get]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: payments-api-secret-reader, namespace: payments}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: secret-reader}
subjects:
- {kind: ServiceAccount, name: payments-api, namespace: payments}
- {kind: Group, name: payments-oncall, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: payments-api
  namespace: payments
  labels: {app: payments-api}
spec:
  replicas: 2
  selector: {matchLabels: {app: payments-api}}
  template:
    metadata:
      labels: {app: payments-api}
    spec:
      serviceAccountName: payments-api
      priorityClassName: business-critical
$TOL
      containers:
      - name: payments-api
        image: payments/api:1.9.0
        ports: [{name: http, containerPort: 8443}]
        env:
        - name: STRIPE_KEY
          valueFrom: {secretKeyRef: {name: api-keys, key: stripe}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: redis, namespace: payments, labels: {app: redis}}
spec:
  serviceName: redis
  replicas: 1
  selector: {matchLabels: {app: redis}}
  template:
    metadata: {labels: {app: redis}}
    spec:
$TOL
      containers:
      - {name: redis, image: "redis:7.4.1", ports: [{containerPort: 6379}]}
---
apiVersion: v1
kind: Service
metadata: {name: payments-api, namespace: payments}
spec:
  selector: {app: payments-api}
  ports: [{name: https, port: 443, targetPort: http}]
---
apiVersion: v1
kind: Service
metadata: {name: redis, namespace: payments}
spec:
  clusterIP: None
  selector: {app: redis}
  ports: [{port: 6379}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: ledger-migrate, namespace: payments, labels: {app: ledger}}
spec:
  backoffLimit: 2
  template:
    metadata: {labels: {app: ledger}}
    spec:
      restartPolicy: Never
$TOL
      containers:
      - {name: migrate, image: "payments/ledger:1.9.0", args: [migrate, --to=latest]}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: settlement-report, namespace: payments, labels: {app: settlement}}
spec:
  schedule: "0 3 * * *"
  timeZone: Etc/UTC
  concurrencyPolicy: Forbid
  successfulJobsHistoryLimit: 3
  jobTemplate:
    spec:
      template:
        metadata: {labels: {app: settlement}}
        spec:
          restartPolicy: OnFailure
          tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
          containers:
          - name: report
            image: payments/reports:1.9.0
            args: ["--since=24h", "--sftp-password=$C_CRON_ARG"]
            env:
            - {name: REPORT_BUCKET, value: settlements}
            - {name: SFTP_TOKEN, value: "$C_CRON_ENV"}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: default-deny, namespace: payments}
spec:
  podSelector: {}
  policyTypes: [Ingress, Egress]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: allow-from-shop, namespace: payments}
spec:
  podSelector: {matchLabels: {app: payments-api}}
  policyTypes: [Ingress]
  ingress:
  - from:
    - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: shop}}
      podSelector: {matchLabels: {app: api}}
    ports: [{protocol: TCP, port: 8443}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: payments-api, namespace: payments}
spec:
  maxUnavailable: 1
  selector: {matchLabels: {app: payments-api}}
EOF
apply "$M/50-payments.yaml"
# stringData is write-only: create it (not apply) so the stored object has only .data.
cat >"$M/51-payments-stringdata.yaml" <<EOF
apiVersion: v1
kind: Secret
metadata: {name: api-keys, namespace: payments, labels: {app: payments-api}}
type: Opaque
stringData:
  stripe: "$C_SECRET_STRINGDATA"
  region: eu
EOF
create_once "$M/51-payments-stringdata.yaml"
# Client-side apply: the object carries kubectl.kubernetes.io/last-applied-configuration with the values.
cat >"$M/52-payments-client-apply.yaml" <<EOF
apiVersion: v1
kind: Secret
metadata: {name: stripe-keys, namespace: payments, labels: {app: payments-api}}
type: Opaque
stringData:
  publishable: pk_test_51Hxyz
  secret: "$C_LAST_APPLIED"
data:
  webhook-secret: $(b64 "$C_SECRET_DATA2")
EOF
k apply -f "$M/52-payments-client-apply.yaml" >/dev/null

# ------------------------------------------------------------------ monitoring, kube-system, toolhive
log "namespace monitoring and system add-ons"
cat >"$M/60-monitoring.yaml" <<EOF
apiVersion: v1
kind: ServiceAccount
metadata: {name: prometheus, namespace: monitoring}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: prometheus-config, namespace: monitoring}
data:
  prometheus.yml: |
    global: {scrape_interval: 30s}
    scrape_configs:
    - job_name: kubernetes-pods
      kubernetes_sd_configs: [{role: pod}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: prometheus, namespace: monitoring, labels: {app: prometheus}}
spec:
  replicas: 1
  strategy: {type: Recreate}
  selector: {matchLabels: {app: prometheus}}
  template:
    metadata: {labels: {app: prometheus}}
    spec:
      serviceAccountName: prometheus
$TOL
      containers:
      - name: prometheus
        image: prom/prometheus:v2.54.1
        args: [--config.file=/etc/prometheus/prometheus.yml, --storage.tsdb.retention.time=15d]
        ports: [{name: web, containerPort: 9090}]
        volumeMounts: [{name: config, mountPath: /etc/prometheus}]
      volumes:
      - {name: config, configMap: {name: prometheus-config}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: grafana, namespace: monitoring, labels: {app: grafana}}
spec:
  replicas: 2
  selector: {matchLabels: {app: grafana}}
  template:
    metadata: {labels: {app: grafana}}
    spec:
$TOL
      containers:
      - {name: grafana, image: "grafana/grafana:11.2.2", ports: [{name: http, containerPort: 3000}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: alertmanager, namespace: monitoring, labels: {app: alertmanager}}
spec:
  serviceName: alertmanager
  replicas: 2
  selector: {matchLabels: {app: alertmanager}}
  template:
    metadata: {labels: {app: alertmanager}}
    spec:
$TOL
      containers:
      - {name: alertmanager, image: "prom/alertmanager:v0.27.0", ports: [{containerPort: 9093}]}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: node-exporter, namespace: monitoring, labels: {app: node-exporter}}
spec:
  selector: {matchLabels: {app: node-exporter}}
  template:
    metadata: {labels: {app: node-exporter}}
    spec:
      hostNetwork: true
$TOL
      containers:
      - {name: node-exporter, image: "prom/node-exporter:v1.8.2", ports: [{containerPort: 9100, hostPort: 9100}]}
---
apiVersion: v1
kind: Service
metadata: {name: prometheus, namespace: monitoring}
spec:
  selector: {app: prometheus}
  ports: [{name: web, port: 9090, targetPort: web}]
---
apiVersion: v1
kind: Service
metadata: {name: grafana, namespace: monitoring}
spec:
  type: NodePort
  selector: {app: grafana}
  ports: [{name: http, port: 80, targetPort: http, nodePort: 30300}]
---
apiVersion: v1
kind: Service
metadata: {name: alertmanager, namespace: monitoring}
spec:
  clusterIP: None
  selector: {app: alertmanager}
  ports: [{port: 9093}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: tsdb-backup, namespace: monitoring}
spec:
  schedule: "30 2 * * 0"
  suspend: true
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
          containers:
          - {name: backup, image: "prom/prometheus:v2.54.1", args: [promtool, tsdb, snapshot]}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: coredns, namespace: kube-system}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: coredns, namespace: kube-system, labels: {k8s-app: kube-dns}}
spec:
  replicas: 2
  selector: {matchLabels: {k8s-app: kube-dns}}
  template:
    metadata: {labels: {k8s-app: kube-dns}}
    spec:
      serviceAccountName: coredns
      priorityClassName: system-cluster-critical
$TOL
      containers:
      - name: coredns
        image: coredns/coredns:v1.12.0
        args: [-conf, /etc/coredns/Corefile]
        ports: [{name: dns, containerPort: 53, protocol: UDP}]
---
apiVersion: v1
kind: Service
metadata: {name: kube-dns, namespace: kube-system, labels: {k8s-app: kube-dns}}
spec:
  clusterIP: 10.96.0.10
  selector: {k8s-app: kube-dns}
  ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: toolhive-operator
  namespace: toolhive-system
  labels: {app.kubernetes.io/name: toolhive-operator, app.kubernetes.io/version: "0.59.0"}
spec:
  replicas: 2
  selector: {matchLabels: {app.kubernetes.io/name: toolhive-operator}}
  template:
    metadata: {labels: {app.kubernetes.io/name: toolhive-operator}}
    spec:
$TOL
      containers:
      - name: manager
        image: stacklok/toolhive/operator:v0.59.0
        securityContext: {runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}
EOF
apply "$M/60-monitoring.yaml"

# ------------------------------------------------------------------ CRDs
log "CRDs"
cat >"$M/70-widgets-crd.yaml" <<'EOF'
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.demo.studioctl.dev
spec:
  group: demo.studioctl.dev
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList, shortNames: [wdg], categories: [studioctl]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    additionalPrinterColumns:
    - {name: Color, type: string, jsonPath: .spec.color, description: The widget colour}
    - {name: Size, type: integer, jsonPath: .spec.size}
    - {name: Shipped, type: date, jsonPath: .spec.shippedAt}
    - {name: Owner, type: string, jsonPath: .spec.owner, priority: 1}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              color: {type: string}
              size: {type: integer}
              shippedAt: {type: string, format: date-time}
              owner: {type: string}
          status:
            type: object
            x-kubernetes-preserve-unknown-fields: true
EOF
apply "$M/70-widgets-crd.yaml"
# The ToolHive MCPServer CRD is data in shared/ (beside the clone in CI, /work/shared here).
thv=""
for c in "${STUDIOCTL_TOOLHIVE_CRD:-}" "$here/../../shared/data/toolhive/mcpservers.toolhive.stacklok.dev.yaml" \
         /work/shared/data/toolhive/mcpservers.toolhive.stacklok.dev.yaml; do
  [ -n "$c" ] && [ -f "$c" ] && { thv=$c; break; }
done
[ -n "$thv" ] || die "ToolHive MCPServer CRD not found (set STUDIOCTL_TOOLHIVE_CRD)"
apply "$thv"
k wait --for=condition=Established crd/widgets.demo.studioctl.dev crd/mcpservers.toolhive.stacklok.dev --timeout=60s >/dev/null
cat >"$M/71-widgets.yaml" <<'EOF'
apiVersion: demo.studioctl.dev/v1
kind: Widget
metadata: {name: sprocket, namespace: shop, labels: {line: hardware}}
spec: {color: red, size: 3, shippedAt: "2025-11-02T10:00:00Z", owner: alice}
---
apiVersion: demo.studioctl.dev/v1
kind: Widget
metadata: {name: gizmo, namespace: shop, labels: {line: hardware}}
spec: {color: blue, size: 12, shippedAt: "2026-01-05T08:30:00Z", owner: bob}
---
apiVersion: demo.studioctl.dev/v1
kind: Widget
metadata: {name: ledger-widget, namespace: payments, labels: {line: finance}}
spec: {color: green, size: 1, owner: carol}
---
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: fetch-7c2e91
  namespace: mcp-4b1f0c9a7e21
  labels:
    app.kubernetes.io/managed-by: eai-mcp-runtime
    eai.io/tenant: acme
    eai.io/project: checkout
    eai.io/template: fetch
  annotations:
    eai.io/owner: alice@acme.example.test
spec:
  image: stacklok/mcp-fetch:0.1.0
  transport: streamable-http
---
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: github-tools
  namespace: shop
  labels: {app: github-tools}
spec:
  image: stacklok/mcp-github:0.3.2
  transport: stdio
EOF
apply "$M/71-widgets.yaml"
k patch -n mcp-4b1f0c9a7e21 mcpserver fetch-7c2e91 --subresource=status --type=merge -p \
  '{"status":{"phase":"Ready","url":"http://mcp-fetch-7c2e91-proxy.mcp-4b1f0c9a7e21.svc.cluster.local:8080","readyReplicas":1,"conditions":[{"type":"Ready","status":"True","reason":"Ready","message":"MCP server is ready","lastTransitionTime":"2026-01-15T09:00:00Z"}]}}' >/dev/null || log "warning: MCPServer status patch failed"
k patch -n shop mcpserver github-tools --subresource=status --type=merge -p \
  '{"status":{"phase":"Failed","readyReplicas":0,"conditions":[{"type":"Ready","status":"False","reason":"ImagePullFailed","message":"image pull failed","lastTransitionTime":"2026-01-15T09:00:00Z"}]}}' >/dev/null || log "warning: MCPServer status patch failed"
k patch -n shop widget gizmo --subresource=status --type=merge -p '{"status":{"phase":"Shipped"}}' >/dev/null || true

# ------------------------------------------------------------------ the richer scenario
# Storage and ingress classes of the three clouds (standard and nginx stay the only defaults), the
# add-on API groups an inventory looks for (one minimal CRD each, a few objects), navin
# ManagedComponents in every state, managed and unmanaged ToolHive MCPServers, GPU workloads, and
# the odd shapes a reader meets: a crash-looping container, a bare pod, an orphan ReplicaSet and a
# pod owned by a custom resource.
log "classes, add-on CRDs, ManagedComponents, MCPServers"
cat >"$M/72-classes.yaml" <<'EOF'
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: gp3}
provisioner: ebs.csi.aws.com
parameters: {type: gp3, encrypted: "true"}
reclaimPolicy: Delete
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: premium-rwo}
provisioner: pd.csi.storage.gke.io
parameters: {type: pd-ssd}
reclaimPolicy: Delete
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: managed-csi-premium}
provisioner: disk.csi.azure.com
parameters: {skuname: Premium_LRS}
reclaimPolicy: Delete
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: local-nvme}
provisioner: kubernetes.io/no-provisioner
reclaimPolicy: Retain
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: alb}
spec:
  controller: ingress.k8s.aws/alb
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: gce}
spec:
  controller: k8s.io/ingress-gce
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: traefik}
spec:
  controller: traefik.io/ingress-controller
EOF
apply "$M/72-classes.yaml"

# addon_crd PLURAL GROUP VERSION KIND SCOPE: a minimal CRD (any fields) for an add-on's API group.
# Groups under k8s.io must name their API review (api-approved.kubernetes.io), as the real ones do.
addon_crd() {
  local approval=""
  case "$2" in *.k8s.io) approval="
  annotations: {api-approved.kubernetes.io: \"https://github.com/kubernetes/enhancements/pull/1111\"}" ;; esac
  cat <<EOF
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: $1.$2
  labels: {studioctl.dev/scenario: addon}$approval
spec:
  group: $2
  scope: $5
  names: {plural: $1, singular: $(tr 'A-Z' 'a-z' <<<"$4"), kind: $4, listKind: ${4}List}
  versions:
  - name: $3
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
EOF
}
{
  addon_crd certificates cert-manager.io v1 Certificate Namespaced
  addon_crd clusterissuers cert-manager.io v1 ClusterIssuer Cluster
  addon_crd ciliumnetworkpolicies cilium.io v2 CiliumNetworkPolicy Namespaced
  addon_crd clusterpolicies kyverno.io v1 ClusterPolicy Cluster
  addon_crd applications argoproj.io v1alpha1 Application Namespaced
  addon_crd rollouts argoproj.io v1alpha1 Rollout Namespaced
  addon_crd scaledobjects keda.sh v1alpha1 ScaledObject Namespaced
  addon_crd servicemonitors monitoring.coreos.com v1 ServiceMonitor Namespaced
  addon_crd prometheuses monitoring.coreos.com v1 Prometheus Namespaced
  addon_crd gatewayclasses gateway.networking.k8s.io v1 GatewayClass Cluster
  addon_crd gateways gateway.networking.k8s.io v1 Gateway Namespaced
  addon_crd httproutes gateway.networking.k8s.io v1 HTTPRoute Namespaced
  addon_crd volumesnapshots snapshot.storage.k8s.io v1 VolumeSnapshot Namespaced
  addon_crd volumesnapshotclasses snapshot.storage.k8s.io v1 VolumeSnapshotClass Cluster
  addon_crd clusterpolicies nvidia.com v1 ClusterPolicy Cluster
} >"$M/73-addon-crds.yaml"
apply "$M/73-addon-crds.yaml"
# The navin ManagedComponent CRD is data in shared/, found as the ToolHive one is.
navin=""
for c in "${STUDIOCTL_NAVIN_CRD:-}" "$here/../../shared/data/navin/managedcomponents.platform.navin.ai.yaml" \
         /work/shared/data/navin/managedcomponents.platform.navin.ai.yaml; do
  [ -n "$c" ] && [ -f "$c" ] && { navin=$c; break; }
done
[ -n "$navin" ] || die "navin ManagedComponent CRD not found (set STUDIOCTL_NAVIN_CRD)"
apply "$navin"
k wait --for=condition=Established crd -l studioctl.dev/scenario=addon --timeout=60s >/dev/null
k wait --for=condition=Established crd/managedcomponents.platform.navin.ai --timeout=60s >/dev/null

cat >"$M/74-namespaces.yaml" <<'EOF'
apiVersion: v1
kind: Namespace
metadata: {name: platform, labels: {team: platform, app.kubernetes.io/part-of: navin}}
---
apiVersion: v1
kind: Namespace
metadata: {name: ml-platform, labels: {team: ml, env: prod}}
---
apiVersion: v1
kind: Namespace
metadata: {name: ops, labels: {team: sre, env: prod}}
---
apiVersion: v1
kind: Namespace
metadata: {name: cert-manager}
---
apiVersion: v1
kind: Namespace
metadata: {name: argocd}
---
apiVersion: v1
kind: Namespace
metadata: {name: mcp-9d3e5f7a1c02, labels: {eai.io/mcp-runtime: "true"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: mcp-2c8b6d4e0f13, labels: {eai.io/mcp-runtime: "true"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: mcp-70a1b2c3d4e5, labels: {eai.io/mcp-runtime: "true"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: ai-tools, labels: {team: ml}}
EOF
apply "$M/74-namespaces.yaml"
for ns in platform ml-platform ops; do
  for _ in $(seq 1 120); do k get sa default -n "$ns" >/dev/null 2>&1 && break; sleep 0.5; done
done

cat >"$M/75-addon-objects.yaml" <<'EOF'
apiVersion: cert-manager.io/v1
kind: ClusterIssuer
metadata: {name: letsencrypt-prod}
spec: {acme: {server: https://acme.example.test/directory, email: certs@acme.example.test, privateKeySecretRef: {name: letsencrypt-prod}}}
---
apiVersion: cert-manager.io/v1
kind: Certificate
metadata: {name: shop-tls, namespace: cert-manager}
spec: {secretName: web-tls, dnsNames: [shop.example.test], issuerRef: {name: letsencrypt-prod, kind: ClusterIssuer}}
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd}
spec:
  project: default
  source: {repoURL: https://git.example.test/acme/deploy.git, path: shop, targetRevision: main}
  destination: {server: https://kubernetes.default.svc, namespace: shop}
---
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata: {name: payments-api, namespace: payments}
spec: {scaleTargetRef: {name: payments-api}, minReplicaCount: 2, maxReplicaCount: 10, triggers: [{type: cpu, metricType: Utilization, metadata: {value: "70"}}]}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: {name: web, namespace: monitoring, labels: {release: prometheus}}
spec: {selector: {matchLabels: {app: web}}, namespaceSelector: {matchNames: [shop]}, endpoints: [{port: http, interval: 30s}]}
---
apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: {name: cilium}
spec: {controllerName: io.cilium/gateway-controller}
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: public, namespace: shop}
spec: {gatewayClassName: cilium, listeners: [{name: http, protocol: HTTP, port: 80}]}
---
apiVersion: snapshot.storage.k8s.io/v1
kind: VolumeSnapshotClass
metadata: {name: csi-snapclass}
driver: ebs.csi.aws.com
deletionPolicy: Delete
---
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata: {name: require-labels}
spec: {validationFailureAction: Audit, rules: [{name: check-team, match: {any: [{resources: {kinds: [Pod]}}]}, validate: {message: "label team is required", pattern: {metadata: {labels: {team: "?*"}}}}}]}
---
apiVersion: nvidia.com/v1
kind: ClusterPolicy
metadata: {name: cluster-policy}
spec: {operator: {defaultRuntime: containerd}, driver: {enabled: true}, mig: {strategy: mixed}}
EOF
apply "$M/75-addon-objects.yaml"

# ManagedComponents in each state of the data README: every status.state, a blocked stop in
# maintenance, a non-converged one (observedGeneration behind metadata.generation) and a failed one.
mc() { # mc NAME SERVICE DESIRED MAINTENANCE [SECRET_REFS [VALUES]]: the spec; the status is patched below
  cat <<EOF
---
apiVersion: platform.navin.ai/v1alpha1
kind: ManagedComponent
metadata: {name: $1, namespace: platform, labels: {app.kubernetes.io/managed-by: navin-manager}}
spec:
  service: $2
  version: "1.0.0"
  source: {chart: charts/$2}
  replicas: 2
  pdb: {minAvailable: 1}
  desiredState: $3
  maintenance: $4
EOF
  [ -z "${5:-}" ] || echo "  secretRefs: $5"
  [ -z "${6:-}" ] || echo "  values: $6"
}
{
  # The Secrets two components read (describe shows their names and keys, never a value).
  cat <<'EOF'
---
apiVersion: v1
kind: Secret
metadata: {name: search-indexer-admin, namespace: platform}
stringData: {username: admin, password: opensearch-admin-9f3k2q7x}
---
apiVersion: v1
kind: Secret
metadata: {name: postgres-main-auth, namespace: platform}
stringData: {postgres-password: pg-superuser-4h8w1m6z, replication-password: pg-replica-2c5v9n3b}
EOF
  mc search-indexer opensearch Running false '[{secretName: search-indexer-admin, key: password, valuePath: security.adminPassword}]' \
    '{replicaCount: 2, persistence: {size: 50Gi}}'
  mc postgres-main postgresql Running false '[{secretName: postgres-main-auth, key: postgres-password, valuePath: auth.postgresPassword}, {secretName: postgres-main-auth, key: replication-password, valuePath: auth.replicationPassword}]'

  mc cache-redis redis Running false
  mc queue-rabbitmq rabbitmq Stopped false
  mc analytics-warehouse clickhouse Stopped false
  mc legacy-ldap openldap Running false
  mc vault-secrets vault Running false
  mc kafka-events kafka Stopped true
  mc object-store minio Running false
} >"$M/76-managedcomponents.yaml"
apply "$M/76-managedcomponents.yaml"
mcstatus() { # mcstatus NAME OBSERVED_GENERATION JSON_FIELDS
  k patch -n platform managedcomponent "$1" --subresource=status --type=merge \
    -p "{\"status\":{\"observedGeneration\":$2,$3}}" >/dev/null
}
mcstatus search-indexer 1 '"state":"started","health":"ok","operationState":"succeeded","securityState":"compliant","lastOperation":{"id":"op-0001","action":"start","state":"succeeded","finishedAt":"2026-01-15T09:00:00Z"},"workloads":[{"kind":"StatefulSet","name":"search-indexer","desired":2,"ready":2,"available":2}]'
mcstatus postgres-main 1 '"state":"installing","health":"unknown","operationState":"running","securityState":"unknown","reason":"ChartInstalling","message":"helm install in progress"'
mcstatus cache-redis 1 '"state":"starting","health":"warning","operationState":"running","securityState":"compliant","reason":"WaitingForReplicas","message":"1 of 2 replicas ready"'
mcstatus queue-rabbitmq 1 '"state":"stopping","health":"warning","operationState":"running","securityState":"compliant","reason":"ScalingDown"'
mcstatus analytics-warehouse 1 '"state":"stopped","health":"ok","operationState":"succeeded","securityState":"compliant","lastOperation":{"id":"op-0042","action":"stop","state":"succeeded","finishedAt":"2026-01-14T22:10:00Z"}'
mcstatus legacy-ldap 1 '"state":"failed","health":"critical","operationState":"failed","securityState":"non_compliant","reason":"ChartInstallFailed","message":"post-install hook timed out after 5m0s","lastOperation":{"id":"op-0107","action":"configure","state":"failed","finishedAt":"2026-01-15T08:55:00Z"}'
mcstatus vault-secrets 1 '"state":"uninstalling","health":"unknown","operationState":"running","securityState":"unknown","reason":"Uninstalling"'
mcstatus kafka-events 1 '"state":"started","health":"ok","operationState":"blocked","securityState":"compliant","reason":"DisruptionBudgetExhausted","message":"stop blocked: the component is in maintenance and its disruption budget allows no disruption"'
mcstatus object-store 1 '"state":"started","health":"ok","operationState":"idle","securityState":"compliant"'
# object-store's spec changes after its status was written: generation 2, observedGeneration 1.
k patch -n platform managedcomponent object-store --type=merge -p '{"spec":{"replicas":3}}' >/dev/null

# MCPServers: three more managed ones (the runtime's namespace label, managed-by, tenant, project,
# template and owner), and unmanaged ones: plain, in an mcp-like namespace without the runtime label,
# and one carrying managed-by in a namespace the runtime does not own.
cat >"$M/77-mcpservers.yaml" <<'EOF'
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: github-3a9f0e
  namespace: mcp-9d3e5f7a1c02
  labels: {app.kubernetes.io/managed-by: eai-mcp-runtime, eai.io/tenant: acme, eai.io/project: platform-tools, eai.io/template: github}
  annotations: {eai.io/owner: bob@acme.example.test}
spec: {image: "ghcr.io/github/github-mcp-server:0.9.1", transport: stdio}
---
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: postgres-81c4d2
  namespace: mcp-2c8b6d4e0f13
  labels: {app.kubernetes.io/managed-by: eai-mcp-runtime, eai.io/tenant: globex, eai.io/project: analytics, eai.io/template: postgres}
  annotations: {eai.io/owner: carol.ng@globex.example.test}
spec: {image: "stacklok/mcp-postgres:0.2.0", transport: sse}
---
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: slack-0b7e44
  namespace: mcp-70a1b2c3d4e5
  labels: {app.kubernetes.io/managed-by: eai-mcp-runtime, eai.io/tenant: acme, eai.io/project: support, eai.io/template: slack}
  annotations: {eai.io/owner: dave+mcp@acme.example.test}
spec: {image: "stacklok/mcp-slack:1.1.0", transport: streamable-http}
---
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata: {name: osv-scanner, namespace: ai-tools, labels: {app: osv-scanner}}
spec: {image: "ghcr.io/stackloklabs/osv-mcp/server:0.2.0", transport: streamable-http}
---
apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: fetch-shadow
  namespace: ai-tools
  labels: {app.kubernetes.io/managed-by: eai-mcp-runtime, eai.io/tenant: acme, eai.io/project: shadow-it, eai.io/template: fetch}
spec: {image: "stacklok/mcp-fetch:0.1.0", transport: streamable-http}
EOF
apply "$M/77-mcpservers.yaml"
mcp_status() { # mcp_status NAMESPACE NAME JSON_STATUS
  k patch -n "$1" mcpserver "$2" --subresource=status --type=merge -p "{\"status\":$3}" >/dev/null || log "warning: MCPServer $1/$2 status patch failed"
}
mcp_status mcp-9d3e5f7a1c02 github-3a9f0e '{"phase":"Pending","readyReplicas":0,"conditions":[{"type":"Ready","status":"False","reason":"Deploying","message":"waiting for the proxy","lastTransitionTime":"2026-01-15T09:00:00Z"}]}'
mcp_status mcp-2c8b6d4e0f13 postgres-81c4d2 '{"phase":"Ready","url":"http://mcp-postgres-81c4d2-proxy.mcp-2c8b6d4e0f13.svc.cluster.local:8080","readyReplicas":1}'
mcp_status mcp-70a1b2c3d4e5 slack-0b7e44 '{"phase":"Stopped","readyReplicas":0}'
mcp_status ai-tools osv-scanner '{"phase":"Ready","url":"http://mcp-osv-scanner-proxy.ai-tools.svc.cluster.local:8080","readyReplicas":1}'

log "GPU workloads and odd shapes"
cat >"$M/78-workloads.yaml" <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata: {name: llm-inference, namespace: ml-platform, labels: {app: llm-inference}}
spec:
  replicas: 2
  selector: {matchLabels: {app: llm-inference}}
  template:
    metadata:
      labels: {app: llm-inference}
      annotations: {kwok.x-k8s.io/usage-cpu: "3500m", kwok.x-k8s.io/usage-memory: 40Gi}
    spec:
      nodeSelector: {eks.amazonaws.com/nodegroup: gpu-a100}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - name: server
        image: vllm/vllm-openai:v0.6.4
        resources: {requests: {cpu: "8", memory: 64Gi, nvidia.com/gpu: "2"}, limits: {nvidia.com/gpu: "2"}}
---
apiVersion: v1
kind: Pod
metadata:
  name: notebook-mig
  namespace: ml-platform
  labels: {app: notebook}
  annotations: {kwok.x-k8s.io/usage-cpu: "450m", kwok.x-k8s.io/usage-memory: 3Gi}
spec:
  nodeSelector: {cloud.google.com/gke-nodepool: gpu-pool}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers:
  - name: jupyter
    image: jupyter/tensorflow-notebook:2024-10-07
    resources: {requests: {cpu: "1", memory: 4Gi, nvidia.com/mig-1g.5gb: "1"}, limits: {nvidia.com/mig-1g.5gb: "1"}}
---
apiVersion: batch/v1
kind: Job
metadata: {name: rocm-benchmark, namespace: ml-platform, labels: {app: rocm-benchmark}}
spec:
  backoffLimit: 0
  template:
    metadata: {labels: {app: rocm-benchmark}}
    spec:
      restartPolicy: Never
      nodeSelector: {kubernetes.azure.com/agentpool: gpupool}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - name: bench
        image: rocm/pytorch:rocm6.2_ubuntu22.04
        resources: {requests: {cpu: "4", memory: 32Gi, amd.com/gpu: "1"}, limits: {amd.com/gpu: "1"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: report-generator, namespace: ops, labels: {app: report-generator}}
spec:
  replicas: 1
  selector: {matchLabels: {app: report-generator}}
  template:
    metadata: {labels: {app: report-generator, studioctl.dev/crash-loop: "true"}}
    spec:
      nodeSelector: {type: kwok}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - {name: generator, image: "acme/report-generator:1.4.2", args: [--once]}
---
apiVersion: v1
kind: Pod
metadata: {name: debug-toolbox, namespace: ops, labels: {app: debug-toolbox}}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers:
  - {name: toolbox, image: "nicolaka/netshoot:v0.13", command: [sleep, infinity]}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: legacy-worker-7d9f8b6c5, namespace: ops, labels: {app: legacy-worker}}
spec:
  replicas: 1
  selector: {matchLabels: {app: legacy-worker}}
  template:
    metadata: {labels: {app: legacy-worker}}
    spec:
      nodeSelector: {type: kwok}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - {name: worker, image: "acme/legacy-worker:0.9.3"}
---
# A bare privileged pod with a hostPath volume, and a Deployment whose env names a Secret that does
# not exist (audit's privileged, host_path and secret_missing findings).
apiVersion: v1
kind: Pod
metadata: {name: node-debugger, namespace: ops, labels: {app: node-debugger}}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers:
  - name: debugger
    image: "busybox:1.36"
    command: [sleep, infinity]
    securityContext: {privileged: true}
    volumeMounts: [{name: host-logs, mountPath: /host/var/log, readOnly: true}]
  volumes:
  - {name: host-logs, hostPath: {path: /var/log, type: Directory}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: billing-sync, namespace: ops, labels: {app: billing-sync}}
spec:
  replicas: 1
  selector: {matchLabels: {app: billing-sync}}
  template:
    metadata: {labels: {app: billing-sync}}
    spec:
      nodeSelector: {type: kwok}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - name: sync
        image: "acme/billing-sync:2.3.0"
        resources: {requests: {cpu: 50m, memory: 64Mi}, limits: {cpu: 200m, memory: 128Mi}}
        env:
        - name: BILLING_API_TOKEN
          valueFrom: {secretKeyRef: {name: billing-credentials, key: api-token}}
---
# A bare pod that breaks the pod-security checks (issue 27): the node's IPC namespace, a host
# port, dangerous capabilities added and none dropped, privilege escalation allowed, a writable
# root, no seccomp profile, the default ServiceAccount's token; and its hardened twin, which
# breaks none of them (replaytest.PlantedSecurity).
apiVersion: v1
kind: Pod
metadata: {name: net-sniffer, namespace: ops, labels: {app: net-sniffer}}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  hostIPC: true
  containers:
  - name: sniffer
    image: "acme/net-sniffer:1.4.2"
    ports: [{containerPort: 9199, hostPort: 9199}]
    securityContext: {allowPrivilegeEscalation: true, capabilities: {add: [NET_ADMIN, SYS_PTRACE]}}
---
apiVersion: v1
kind: Pod
metadata: {name: hardened-api, namespace: ops, labels: {app: hardened-api}}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  automountServiceAccountToken: false
  securityContext: {runAsNonRoot: true, runAsUser: 10001, seccompProfile: {type: RuntimeDefault}}
  containers:
  - name: api
    image: "acme/hardened-api:2.0.1"
    securityContext: {allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: {drop: [ALL]}}
---
# A budget that allows no eviction while its one pod is healthy (audit.pdb_blocks_eviction).
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: hardened-api, namespace: ops}
spec:
  minAvailable: 1
  selector: {matchLabels: {app: hardened-api}}
EOF
apply "$M/78-workloads.yaml"

# RBAC the audit's RBAC reading must find (issue 27): a CI account that deploys and execs in ops,
# a backup agent that reads every Secret, a support group that may impersonate, and a harmless
# reader that must not be reported. The server's own bindings are counted, not reported.
cat >"$M/79-rbac.yaml" <<EOF
apiVersion: v1
kind: ServiceAccount
metadata: {name: ci-deployer, namespace: ops}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: backup-agent, namespace: ops}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: deployer, namespace: ops}
rules:
- {apiGroups: ["", apps], resources: [pods, deployments], verbs: [get, list, create, update]}
- {apiGroups: [""], resources: [pods/exec], verbs: [create]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: ci-deployer, namespace: ops}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: deployer}
subjects: [{kind: ServiceAccount, name: ci-deployer, namespace: ops}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: secret-backup}
rules:
- {apiGroups: [""], resources: [secrets], verbs: [get, list]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: backup-agent}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: secret-backup}
subjects: [{kind: ServiceAccount, name: backup-agent, namespace: ops}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: support-impersonation}
rules:
- {apiGroups: [""], resources: [users, groups], verbs: [impersonate]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: support-impersonation}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: support-impersonation}
subjects: [{kind: Group, name: support, apiGroup: rbac.authorization.k8s.io}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dashboards-view, namespace: monitoring}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: view}
subjects: [{kind: Group, name: dashboards, apiGroup: rbac.authorization.k8s.io}]
EOF
apply "$M/79-rbac.yaml"

# Objects that point at nothing, for the audit's hygiene reading (issue 27): a Service and a
# NetworkPolicy selecting no pod, an Ingress to a Service that is gone, a claim no class can
# bind, an autoscaler pinned at one replica and one whose Deployment is gone.
cat >"$M/80-hygiene.yaml" <<EOF
apiVersion: v1
kind: Service
metadata: {name: legacy-api, namespace: ops}
spec:
  selector: {app: legacy-api}
  ports: [{name: http, port: 8080}]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: legacy-lockdown, namespace: ops}
spec:
  podSelector: {matchLabels: {app: legacy-api}}
  policyTypes: [Ingress]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: retired-frontend, namespace: ops}
spec:
  rules:
  - host: retired.ops.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: retired-frontend, port: {number: 80}}}}
      - {path: /api, pathType: Prefix, backend: {service: {name: legacy-api, port: {number: 9999}}}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: scratch, namespace: ops}
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: no-such-class
  resources: {requests: {storage: 1Gi}}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: billing-sync, namespace: ops}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: billing-sync}
  minReplicas: 1
  maxReplicas: 1
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 80}}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: report-archiver, namespace: ops}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: report-archiver}
  minReplicas: 1
  maxReplicas: 3
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 80}}
---
# A quota that admits no Job, so the CronJob below falls behind its schedule: the controller's
# every attempt is refused, and after its 30-second starting deadline the run is missed.
apiVersion: v1
kind: ResourceQuota
metadata: {name: no-batch, namespace: ops}
spec:
  hard: {count/jobs.batch: "0"}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: ledger-export, namespace: ops}
spec:
  schedule: "* * * * *"
  startingDeadlineSeconds: 30
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - {name: export, image: "ops/ledger-export:2.1.0"}
---
# A Job that fails: its pod can land on no node, and its 5-second deadline ends it.
apiVersion: batch/v1
kind: Job
metadata: {name: nightly-reindex, namespace: ml-platform, labels: {app: nightly-reindex}}
spec:
  backoffLimit: 0
  activeDeadlineSeconds: 5
  template:
    metadata: {labels: {app: nightly-reindex}}
    spec:
      restartPolicy: Never
      nodeSelector: {pool: no-such-pool}
      containers:
      - {name: reindex, image: "ml/reindex:0.4.2"}
EOF
apply "$M/80-hygiene.yaml"
# The audit's remaining plants: a pod in the host's PID namespace, one with an unmasked /proc and a
# mutable image pulled Always, a reference to a key its Secret lacks, a container at its CPU limit,
# a released volume, a node that never reports (NotReady), a small node whose pods ask more than it
# has, and the RBAC grants the RBAC reading ranks highest.
cat >"$M/82-audit-plants.yaml" <<'EOF'
apiVersion: v1
kind: Secret
metadata: {name: ledger-export-token, namespace: ops}
stringData: {token: ops-ledger-export-token-value}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: pid-inspector, namespace: ops, labels: {app: pid-inspector}}
spec:
  replicas: 1
  selector: {matchLabels: {app: pid-inspector}}
  template:
    metadata: {labels: {app: pid-inspector}}
    spec:
      hostPID: true
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - name: inspector
        image: "ops/pid-inspector:1.4.0"
        resources: {requests: {cpu: 10m, memory: 32Mi}, limits: {memory: 64Mi}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: sandbox-runner, namespace: ops, labels: {app: sandbox-runner}}
spec:
  replicas: 1
  selector: {matchLabels: {app: sandbox-runner}}
  template:
    metadata: {labels: {app: sandbox-runner}}
    spec:
      hostUsers: false
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - name: runner
        image: "ops/sandbox-runner:latest"
        imagePullPolicy: Always
        securityContext: {procMount: Unmasked}
        resources: {requests: {cpu: 10m, memory: 32Mi}, limits: {memory: 64Mi}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ledger-reader, namespace: ops, labels: {app: ledger-reader}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ledger-reader}}
  template:
    metadata:
      labels: {app: ledger-reader}
      annotations: {kwok.x-k8s.io/usage-cpu: 97m}
    spec:
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - name: reader
        image: "ops/ledger-reader:3.0.1"
        env:
        - name: EXPORT_TOKEN
          valueFrom: {secretKeyRef: {name: ledger-export-token, key: api-key}}
        resources: {requests: {cpu: 50m, memory: 32Mi}, limits: {cpu: 100m, memory: 64Mi}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-orphaned-reports}
spec:
  capacity: {storage: 2Gi}
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Retain
  storageClassName: standard
  hostPath: {path: /srv/reports}
  claimRef: {namespace: ops, name: reports-archive, uid: 5d6f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f}
---
apiVersion: v1
kind: Node
metadata:
  name: retired-node-0
  labels: {kubernetes.io/hostname: retired-node-0, kubernetes.io/os: linux, kubernetes.io/arch: amd64, topology.kubernetes.io/zone: eu-west-1a}
spec:
  taints: [{key: studioctl.dev/retired, value: "true", effect: NoSchedule}]
---
apiVersion: v1
kind: Node
metadata:
  name: kwok-small-0
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
    metrics.k8s.io/resource-metrics-path: /metrics/nodes/kwok-small-0/metrics/resource
  labels: {type: kwok, kubernetes.io/hostname: kwok-small-0, kubernetes.io/os: linux, kubernetes.io/arch: amd64, topology.kubernetes.io/zone: eu-west-1a}
spec:
  taints:
  - {key: kwok.x-k8s.io/node, value: fake, effect: NoSchedule}
  - {key: studioctl.dev/small, value: "true", effect: NoSchedule}
status:
  capacity: {cpu: "1", memory: 2Gi, pods: "10"}
  allocatable: {cpu: "1", memory: 2Gi, pods: "10"}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: break-glass}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: Group, name: oncall}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: platform-escalator}
rules:
- {apiGroups: [rbac.authorization.k8s.io], resources: [roles, clusterroles], verbs: [escalate, bind]}
- {apiGroups: [""], resources: [nodes/proxy], verbs: [get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: platform-escalator}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: platform-escalator}
subjects: [{kind: ServiceAccount, name: platform-bot, namespace: ops}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: config-anything, namespace: ops}
rules:
- {apiGroups: [""], resources: [configmaps], verbs: ["*"]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: config-anything, namespace: ops}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: config-anything}
subjects: [{kind: ServiceAccount, name: legacy-bot, namespace: ops}]
EOF
apply "$M/82-audit-plants.yaml"
# The pod bound to kwok-small-0 by name is created once kwok has taken the node (it reports the
# node Ready): a pod that names a node kwok does not know yet is never started by it, and stayed
# Pending in one CI run.
k wait --for=condition=Ready node/kwok-small-0 --timeout=120s >/dev/null
cat >"$M/83-overcommitted-pod.yaml" <<'EOF'
apiVersion: v1
kind: Pod
metadata: {name: batch-cruncher, namespace: ops, labels: {app: batch-cruncher}}
spec:
  nodeName: kwok-small-0
  tolerations: [{operator: Exists}]
  containers:
  - name: cruncher
    image: "ops/batch-cruncher:5.2.0"
    resources: {requests: {cpu: "2", memory: 1Gi}, limits: {memory: 1Gi}}
EOF
apply "$M/83-overcommitted-pod.yaml"
# A pod owned by a custom resource, as an operator creates it: ManagedComponent search-indexer.
MC_UID=$(k get -n platform managedcomponent search-indexer -o jsonpath='{.metadata.uid}')
cat >"$M/79-cr-owned-pod.yaml" <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: search-indexer-0
  namespace: platform
  labels: {app: search-indexer, app.kubernetes.io/managed-by: navin-manager}
  ownerReferences:
  - {apiVersion: platform.navin.ai/v1alpha1, kind: ManagedComponent, name: search-indexer, uid: $MC_UID, controller: true}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers:
  - {name: opensearch, image: "opensearchproject/opensearch:2.17.1"}
EOF
apply "$M/79-cr-owned-pod.yaml"

# ------------------------------------------------------------------ wait for pods
wait_pods() { # wait_pods NAMESPACE_SELECTOR_ARGS...: until no pod is Pending (kwok's pod-fast stage)
  local deadline=$(( $(date +%s) + ${WAIT_SECONDS:-300} )) pending
  while :; do
    pending=$(k get pods "$@" --no-headers -o custom-columns=P:.status.phase 2>/dev/null | grep -cv -e Running -e Succeeded || true)
    [ "$pending" = 0 ] && return 0
    [ "$(date +%s)" -lt "$deadline" ] || { k get pods "$@" | grep -v -e Running -e Completed >&2; die "pods still not running"; }
    sleep 1
  done
}
log "waiting for pods to run"
for d in shop/web shop/api payments/payments-api monitoring/prometheus monitoring/grafana kube-system/coredns toolhive-system/toolhive-operator; do
  k rollout status -n "${d%/*}" "deployment/${d#*/}" --timeout=300s >/dev/null
done
for s in shop/postgres payments/redis monitoring/alertmanager; do
  k rollout status -n "${s%/*}" "statefulset/${s#*/}" --timeout=300s >/dev/null
done
k rollout status -n monitoring daemonset/node-exporter --timeout=300s >/dev/null
k wait -n payments --for=condition=Complete job/ledger-migrate --timeout=300s >/dev/null
wait_pods -A

# ------------------------------------------------------------------ events
# The kubelet's events about the crash-looping pod (ops/report-generator: six restarts, its last
# run exited 1), so the events say what the pods show: seven starts and the back-off (whose message
# holds colour codes). The shop api pods run healthy and have none.
log "events"
POD=$(k get pods -n shop -l app=api -o jsonpath='{.items[0].metadata.name}')
CRASH=$(k get pods -n ops -l app=report-generator -o jsonpath='{.items[0].metadata.name}')
CRASH_UID=$(k get pod -n ops "$CRASH" -o jsonpath='{.metadata.uid}')
CRASH_NODE=$(k get pod -n ops "$CRASH" -o jsonpath='{.spec.nodeName}')
NOW=$(date -u +%Y-%m-%dT%H:%M:%SZ)
cat >"$M/80-events.yaml" <<EOF
apiVersion: v1
kind: Event
metadata: {name: $CRASH.started, namespace: ops}
involvedObject: {apiVersion: v1, kind: Pod, name: $CRASH, namespace: ops, uid: $CRASH_UID, fieldPath: "spec.containers{generator}"}
type: Normal
reason: Started
message: "Started container generator"
source: {component: kubelet, host: $CRASH_NODE}
firstTimestamp: "$NOW"
lastTimestamp: "$NOW"
count: 7
reportingComponent: kubelet
reportingInstance: $CRASH_NODE
---
apiVersion: v1
kind: Event
metadata: {name: $CRASH.backoff, namespace: ops}
involvedObject: {apiVersion: v1, kind: Pod, name: $CRASH, namespace: ops, uid: $CRASH_UID, fieldPath: "spec.containers{generator}"}
type: Warning
reason: BackOff
message: "Back-off restarting failed container generator in pod ${CRASH}_ops(\e[31m$CRASH_UID\e[0m)"
source: {component: kubelet, host: $CRASH_NODE}
firstTimestamp: "$NOW"
lastTimestamp: "$NOW"
count: 6
reportingComponent: kubelet
reportingInstance: $CRASH_NODE
---
apiVersion: v1
kind: Event
metadata: {name: payments-api.scaled, namespace: payments}
involvedObject: {apiVersion: apps/v1, kind: Deployment, name: payments-api, namespace: payments}
type: Normal
reason: ScalingReplicaSet
message: "Scaled up replica set payments-api to 2"
source: {component: deployment-controller}
firstTimestamp: "$NOW"
lastTimestamp: "$NOW"
count: 1
EOF
create_once "$M/80-events.yaml"

# ------------------------------------------------------------------ shapes of issue 25
# Where a Secret's name (and value) hides outside a Secret: events about it, a Role rule that
# lists the core group beside another, and a manifest embedded in a custom resource whose kind is
# spelt in lower case.
log "Secret names in events, Role rules and embedded manifests"
cat >"$M/81-secret-shapes.yaml" <<EOF
apiVersion: v1
kind: Secret
metadata: {name: secname-canary-a, namespace: shop, labels: {app: rotation}}
type: Opaque
data: {token: $(b64 "$C_EMBEDDED")}
---
apiVersion: v1
kind: Event
metadata: {name: secname-canary-a.181c0ffee0a1b2c3, namespace: shop}
involvedObject: {apiVersion: v1, kind: Secret, name: secname-canary-a, namespace: shop}
type: Normal
reason: Rotated
message: "The credentials were rotated"
source: {component: secret-rotator}
firstTimestamp: "$NOW"
lastTimestamp: "$NOW"
count: 1
---
apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: secname-canary-a.181c0ffee0a1b2c4, namespace: shop}
regarding: {apiVersion: v1, kind: Secret, name: secname-canary-a, namespace: shop}
type: Warning
reason: RotationDue
note: "The credentials are due for rotation"
action: Check
reportingController: example.com/secret-rotator
reportingInstance: secret-rotator-0
eventTime: "$(date -u +%Y-%m-%dT%H:%M:%S.000000Z)"
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: secret-rotator, namespace: payments}
rules:
- apiGroups: ["", "apps"]
  resources: ["Secrets", "deployments"]
  resourceNames: ["secname-canary-b"]
  verbs: ["get"]
---
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata: {name: secret-sync}
spec:
  rules:
  - name: copy-token
    match: {any: [{resources: {kinds: [Namespace]}}]}
    generate:
      apiVersion: v1
      kind: secret
      name: secname-canary-c
      namespace: "{{request.object.metadata.name}}"
      data:
        apiVersion: v1
        kind: secret
        metadata: {name: secname-canary-c}
        data: {token: $(b64 "$C_EMBEDDED")}
EOF
create_once "$M/81-secret-shapes.yaml"

# ------------------------------------------------------------------ logs through the API server
log "checking pod logs through the API server"
lines=$(k logs -n shop "$POD" -c api | wc -l)
[ "$lines" -ge 20 ] || die "kubectl logs returned $lines lines"

# ------------------------------------------------------------------ metrics
# metrics-server needs two scrapes of a pod (15 s apart) before it reports its CPU: wait until every
# running pod and every node has figures, so `top` reads the same to studioctl and kubectl.
if [ -n "${METRICS_SERVER:-}" ]; then
  log "waiting for metrics-server's figures"
  deadline=$(( $(date +%s) + ${METRICS_WAIT_SECONDS:-240} ))
  while :; do
    # (a failing top, before the first figures, counts as none: no pipefail exit)
    running=$( (k get pods -A --field-selector status.phase=Running --no-headers 2>/dev/null || true) | wc -l)
    have=$( (k top pod -A --no-headers 2>/dev/null || true) | wc -l)
    nodes=$( (k get nodes --no-headers 2>/dev/null || true) | wc -l)
    topn=$( (k top node --no-headers 2>/dev/null || true) | wc -l)
    [ "$have" -ge "$running" ] && [ "$topn" -ge "$nodes" ] && break
    if [ "$(date +%s)" -ge "$deadline" ]; then
      log "warning: metrics for $have of $running running pods and $topn of $nodes nodes after ${METRICS_WAIT_SECONDS:-240}s"
      break
    fi
    sleep 3
  done
fi

# ------------------------------------------------------------------ --big
if [ "$BIG" = 1 ]; then
  tb=$(date +%s)
  big_pods=${BIG_PODS:-4900}
  log "--big: 47 extra kwok nodes, $big_pods pods in namespace big, 1,050 namespaces, 1,050 ConfigMaps"
  {
    for i in $(seq 0 46); do
      n=$(printf '%02d' "$i")
      cat <<EOF
---
apiVersion: v1
kind: Node
metadata:
  name: kwok-big-$n
  annotations: {kwok.x-k8s.io/node: fake, node.alpha.kubernetes.io/ttl: "0", metrics.k8s.io/resource-metrics-path: /metrics/nodes/kwok-big-$n/metrics/resource}
  labels: {type: kwok, pool: big, kubernetes.io/hostname: kwok-big-$n, kubernetes.io/os: linux, kubernetes.io/arch: amd64, node-role.kubernetes.io/worker: "", topology.kubernetes.io/zone: eu-west-1a, node.kubernetes.io/instance-type: m5.4xlarge}
spec:
  podCIDR: 10.244.$((100 + i)).0/24
  podCIDRs: [10.244.$((100 + i)).0/24]
  taints: [{key: kwok.x-k8s.io/node, value: fake, effect: NoSchedule}]
status:
  capacity: {cpu: "16", memory: 64Gi, pods: "500"}
  allocatable: {cpu: "16", memory: 64Gi, pods: "500"}
  nodeInfo: {architecture: amd64, operatingSystem: linux, osImage: Ubuntu 24.04.1 LTS, kernelVersion: 6.8.0-1015-aws, containerRuntimeVersion: "containerd://1.7.24", kubeletVersion: $GIT_VERSION, kubeProxyVersion: $GIT_VERSION, machineID: "", systemUUID: "", bootID: ""}
EOF
    done
  } >"$M/90-big-nodes.yaml"
  create_once "$M/90-big-nodes.yaml"
  cat >"$M/91-big.yaml" <<EOF
apiVersion: v1
kind: Namespace
metadata: {name: big, labels: {purpose: benchmark}}
---
apiVersion: v1
kind: Namespace
metadata: {name: shop-big, labels: {purpose: benchmark}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: filler, namespace: big, labels: {app: filler}}
spec:
  replicas: $big_pods
  selector: {matchLabels: {app: filler}}
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: "100%"}}
  template:
    metadata: {labels: {app: filler}}
    spec:
      nodeSelector: {pool: big}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers:
      - {name: filler, image: "busybox:1.36.1", command: [sleep, infinity]}
EOF
  apply "$M/91-big.yaml"
  # 1,050 namespaces and 1,050 ConfigMaps: POSTed by one curl in parallel (kubectl apply does ~5/s).
  for i in $(seq 0 1049); do
    printf '/api/v1/namespaces\t{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"ns-%04d","labels":{"purpose":"benchmark"}}}\n' "$i"
  done | post_many
  for i in $(seq 0 1049); do
    printf '/api/v1/namespaces/shop-big/configmaps\t{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-%04d","labels":{"purpose":"benchmark"}},"data":{"index":"%d","payload":"value-%04d"}}\n' "$i" "$i" "$i"
  done | post_many
  log "--big: namespaces and ConfigMaps done after $(( $(date +%s) - tb ))s; waiting for $big_pods pods"
  deadline=$(( $(date +%s) + ${BIG_WAIT_SECONDS:-1800} ))
  while :; do
    running=$(k get pods -n big --no-headers -o custom-columns=P:.status.phase --chunk-size=1000 2>/dev/null | grep -c '^Running$' || true)
    [ "$running" -ge "$big_pods" ] && break
    [ "$(date +%s)" -lt "$deadline" ] || die "--big: only $running/$big_pods pods running"
    log "--big: $running/$big_pods pods running"
    sleep 10
  done
  log "--big: done in $(( $(date +%s) - tb ))s"
fi

log "seeded $VER in $(( $(date +%s) - t0 ))s; canaries in $S/canaries.txt"
