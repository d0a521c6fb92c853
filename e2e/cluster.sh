#!/usr/bin/env bash
# e2e/cluster.sh: a real Kubernetes control plane on loopback for studioctl's live tests.
#
#   e2e/cluster.sh up VERSION      build (or reuse cached) binaries, start etcd, kube-apiserver,
#                                  kube-controller-manager, kube-scheduler, kwok and metrics-server
#                                  (behind the APIService v1beta1.metrics.k8s.io); write kubeconfigs
#   e2e/cluster.sh down VERSION    stop every process of that instance and remove its state dir
#   e2e/cluster.sh env VERSION     print `export NAME=value` lines for the running instance
#   e2e/cluster.sh status VERSION  say whether the instance is up (exit 0) or not (exit 1)
#   e2e/cluster.sh build VERSION   only build (or find cached) binaries, print their directories
#
# VERSION is v1.37 or v1.34 (a patch suffix such as v1.37.2 is accepted and ignored).
# State: ${STUDIOCTL_E2E_STATE:-/tmp/studioctl-e2e}/VERSION/   Binaries: see build.sh.
# kubectl is the one built from the control plane's own k8s.io/kubernetes (build.sh kubectl-VERSION),
# unless KUBECTL names another; the env file records which. STUDIOCTL_E2E_METRICS=0 leaves
# metrics-server out. STUDIOCTL_E2E_GIT_VERSION=v1.37.2-eks-1 runs a kube-apiserver that answers
# that gitVersion (a distribution's suffix; build.sh --git-version). Everything listens on 127.0.0.1 only.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
state_root=${STUDIOCTL_E2E_STATE:-/tmp/studioctl-e2e}
METRICS=${STUDIOCTL_E2E_METRICS:-1}
SERVICE_CIDR=10.96.0.0/16
SERVICE_IP=10.96.0.1
CLUSTER_CIDR=10.244.0.0/16

log() { printf '[cluster.sh %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

norm_version() {
  local v=${1#v} ma mi
  IFS=. read -r ma mi _ <<<"$v" || true
  [[ "$ma" =~ ^[0-9]+$ && "$mi" =~ ^[0-9]+$ ]] || die "bad VERSION '$1' (want e.g. v1.37)"
  echo "v$ma.$mi"
}

# ---------------------------------------------------------------- processes

# pid_is_ours PID: the process is alive and its command line mentions this instance's state dir.
# Only the binaries this script starts qualify, never a shell or editor that mentions the path.
pid_is_ours() {
  local pid=$1
  [ -r "/proc/$pid/cmdline" ] || return 1
  local exe
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
  # A binary whose cache entry was removed while it ran reads as "PATH (deleted)".
  exe=${exe% (deleted)}
  case "$exe" in
    */etcd|*/kube-apiserver|*/kube-controller-manager|*/kube-scheduler|*/kwok|*/metrics-server) ;;
    *) return 1 ;;
  esac
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$S/"
}

# start_proc NAME CMD...: run CMD in its own session (process group == pid), logs in logs/NAME.log.
start_proc() {
  local name=$1; shift
  setsid "$@" >"$S/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$S/pids/$name"
}

# stop_all: TERM every process group we started, in three waves (clients, apiserver, etcd), and KILL
# what is still alive after 5s per wave. Also finds strays whose command line names this state dir
# (e.g. the pid files were lost).
stop_all() {
  local name f pid wave
  local -A role=()
  if [ -d "$S/pids" ]; then
    for name in metrics-server kwok kube-scheduler kube-controller-manager kube-apiserver etcd; do
      f="$S/pids/$name"
      [ -f "$f" ] || continue
      pid=$(cat "$f")
      pid_is_ours "$pid" && role[$pid]=$name
    done
  fi
  for f in /proc/[0-9]*; do
    pid=${f#/proc/}
    if [ -z "${role[$pid]:-}" ] && pid_is_ours "$pid"; then
      name=$(readlink "/proc/$pid/exe" 2>/dev/null); name=${name% (deleted)}; role[$pid]=${name##*/}
    fi
  done
  [ ${#role[@]} -gt 0 ] || return 0
  log "stopping ${#role[@]} process(es) of $S"
  for wave in "metrics-server kwok kube-scheduler kube-controller-manager" "kube-apiserver" "etcd"; do
    local these=()
    for pid in "${!role[@]}"; do
      [[ " $wave " == *" ${role[$pid]} "* ]] && these+=("$pid")
    done
    [ ${#these[@]} -gt 0 ] || continue
    for pid in "${these[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
    local i alive
    for i in $(seq 1 50); do
      alive=0
      for pid in "${these[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
      [ $alive = 0 ] && break
      sleep 0.1
    done
    for pid in "${these[@]}"; do
      kill -0 "$pid" 2>/dev/null || continue
      log "${role[$pid]} (pid $pid) did not stop on TERM: KILL"
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    done
  done
}

# ---------------------------------------------------------------- helpers

declare -A used_ports=()
free_port() {
  # below the ephemeral range (32768+) so outgoing loopback connections cannot take it meanwhile
  local p
  while :; do
    p=$((20000 + RANDOM % 12000))
    [ -z "${used_ports[$p]:-}" ] || continue
    if ! ss -Htan "( sport = :$p )" 2>/dev/null | grep -q .; then
      used_ports[$p]=1
      echo "$p"
      return
    fi
  done
}

rand_token() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# wait_for DESC SECONDS LOGNAME CMD...: retry CMD until it succeeds; on timeout show the log and die.
wait_for() {
  local desc=$1 secs=$2 logname=$3; shift 3
  local deadline=$(( $(date +%s) + secs ))
  until "$@" >/dev/null 2>&1; do
    if [ -n "$logname" ] && [ -f "$S/pids/$logname" ] && ! kill -0 "$(cat "$S/pids/$logname")" 2>/dev/null; then
      tail -n 40 "$S/logs/$logname.log" >&2 || true
      die "$logname exited while waiting for $desc (log: $S/logs/$logname.log)"
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      [ -n "$logname" ] && tail -n 40 "$S/logs/$logname.log" >&2
      die "timed out after ${secs}s waiting for $desc"
    fi
    sleep 0.5
  done
}

api() { # api METHOD PATH [BODY]: call the apiserver as admin
  local method=$1 path=$2 body=${3:-}
  if [ -n "$body" ]; then
    curl -sS --fail-with-body --cacert "$S/certs/ca.crt" -H "Authorization: Bearer $ADMIN_TOKEN" \
      -X "$method" -H 'Content-Type: application/json' --data "$body" "https://127.0.0.1:$API_PORT$path"
  else
    curl -sS --fail-with-body --cacert "$S/certs/ca.crt" -H "Authorization: Bearer $ADMIN_TOKEN" \
      -X "$method" "https://127.0.0.1:$API_PORT$path"
  fi
}

write_kubeconfig() { # write_kubeconfig FILE USER TOKEN
  local file=$1 user=$2 token=$3 cluster="studioctl-e2e-$VER"
  umask 077
  cat >"$file" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: $cluster
  cluster:
    server: https://127.0.0.1:$API_PORT
    certificate-authority-data: $(base64 -w0 <"$S/certs/ca.crt")
users:
- name: $user
  user:
    token: $token
contexts:
- name: $user@$cluster
  context:
    cluster: $cluster
    user: $user
current-context: $user@$cluster
preferences: {}
EOF
}

gen_certs() {
  local d="$S/certs"
  mkdir -p "$d"
  (
    cd "$d"
    umask 077
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 -days 3650 -keyout ca.key -out ca.crt \
      -subj "/CN=studioctl-e2e-ca-$VER" \
      -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 -keyout apiserver.key -out apiserver.csr -subj "/CN=kube-apiserver" 2>/dev/null
    cat >apiserver.ext <<EOF
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=IP:127.0.0.1,DNS:localhost,IP:$SERVICE_IP,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
EOF
    openssl x509 -req -sha256 -days 3650 -in apiserver.csr -CA ca.crt -CAkey ca.key -CAcreateserial \
      -extfile apiserver.ext -out apiserver.crt 2>/dev/null
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out sa.key 2>/dev/null
    openssl pkey -in sa.key -pubout -out sa.pub 2>/dev/null
    # The aggregator's front proxy: its own CA, and the client certificate kube-apiserver presents
    # to aggregated API servers (metrics-server), which trust it through extension-apiserver-authentication.
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 -days 3650 -keyout front-proxy-ca.key -out front-proxy-ca.crt \
      -subj "/CN=studioctl-e2e-front-proxy-ca-$VER" \
      -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 -keyout front-proxy-client.key -out front-proxy-client.csr -subj "/CN=front-proxy-client" 2>/dev/null
    printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n' >front-proxy-client.ext
    openssl x509 -req -sha256 -days 3650 -in front-proxy-client.csr -CA front-proxy-ca.crt -CAkey front-proxy-ca.key -CAcreateserial \
      -extfile front-proxy-client.ext -out front-proxy-client.crt 2>/dev/null
    # metrics-server's serving certificate, for the name the aggregator dials (service.namespace.svc).
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 -keyout metrics-server.key -out metrics-server.csr -subj "/CN=metrics-server" 2>/dev/null
    printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:metrics-server.kube-system.svc,DNS:metrics-server.kube-system.svc.cluster.local,IP:127.0.0.1\n' >metrics-server.ext
    openssl x509 -req -sha256 -days 3650 -in metrics-server.csr -CA ca.crt -CAkey ca.key -CAcreateserial \
      -extfile metrics-server.ext -out metrics-server.crt 2>/dev/null
    chmod 0644 ca.crt apiserver.crt sa.pub front-proxy-ca.crt metrics-server.crt
  )
}

# ---------------------------------------------------------------- commands

cmd_build() {
  "$here/build.sh" "$MOD"
  [ -z "${STUDIOCTL_E2E_GIT_VERSION:-}" ] || "$here/build.sh" "$MOD" --git-version "$STUDIOCTL_E2E_GIT_VERSION"
  "$here/build.sh" kwok
  [ -n "${KUBECTL:-}" ] || "$here/build.sh" "kubectl-$VER"
  [ "$METRICS" = 0 ] || "$here/build.sh" metrics-server
}

cmd_down() {
  stop_all
  if [ -d "$S" ]; then
    case "$S" in "$state_root"/v*) rm -rf -- "$S" ;; *) die "refusing to remove $S" ;; esac
  fi
}

cmd_up() {
  [ -f "$here/$MOD/go.mod" ] || die "unsupported VERSION $VER (no $here/$MOD)"
  local t0 kbin kwokbin msbin="" kubectl
  t0=$(date +%s)
  log "binaries for $MOD, kwok, kubectl and metrics-server (cached under ${STUDIOCTL_E2E_CACHE:-$HOME/.cache/studioctl-e2e})"
  kbin=$("$here/build.sh" "$MOD")
  local apiserver="$kbin/kube-apiserver"
  if [ -n "${STUDIOCTL_E2E_GIT_VERSION:-}" ]; then
    apiserver="$("$here/build.sh" "$MOD" --git-version "$STUDIOCTL_E2E_GIT_VERSION")/kube-apiserver"
  fi
  kwokbin=$("$here/build.sh" kwok)
  if [ -n "${KUBECTL:-}" ]; then kubectl=$KUBECTL; else kubectl="$("$here/build.sh" "kubectl-$VER")/kubectl"; fi
  [ "$METRICS" = 0 ] || msbin=$("$here/build.sh" metrics-server)
  local tb=$(date +%s)

  if [ -d "$S" ]; then log "an instance exists at $S: stopping it first"; fi
  cmd_down
  mkdir -p "$S"/{logs,pids,certs,etcd,kwok}
  chmod 700 "$S" "$S/etcd"

  gen_certs
  ADMIN_TOKEN=$(rand_token); VIEW_TOKEN=$(rand_token); NONE_TOKEN=$(rand_token)
  local kcm_token sched_token kwok_token
  kcm_token=$(rand_token); sched_token=$(rand_token); kwok_token=$(rand_token)
  (
    umask 077
    cat >"$S/certs/tokens.csv" <<EOF
$ADMIN_TOKEN,admin,uid-admin,"system:masters"
$VIEW_TOKEN,viewer,uid-viewer
$NONE_TOKEN,nobody,uid-nobody
$kcm_token,system:kube-controller-manager,uid-kube-controller-manager
$sched_token,system:kube-scheduler,uid-kube-scheduler
$kwok_token,system:kwok-controller,uid-kwok-controller,"system:masters"
EOF
  )

  local etcd_port etcd_peer_port kcm_port sched_port ms_port ms_token
  etcd_port=$(free_port); etcd_peer_port=$(free_port)
  API_PORT=$(free_port); kcm_port=$(free_port); sched_port=$(free_port); KWOK_PORT=$(free_port); ms_port=$(free_port)
  ms_token=$(rand_token)
  echo "$ms_token,system:metrics-server,uid-metrics-server" >>"$S/certs/tokens.csv"

  # etcd
  start_proc etcd "$kbin/etcd" -data-dir "$S/etcd" -client-port "$etcd_port" -peer-port "$etcd_peer_port"
  wait_for "etcd" 60 etcd curl -sf "http://127.0.0.1:$etcd_port/health"
  log "etcd ready on 127.0.0.1:$etcd_port"

  # kube-apiserver
  local extra=()
  case "$VER" in
    v1.34) extra+=(--feature-gates=AggregatedDiscoveryRemoveBetaType=false) ;;
  esac
  start_proc kube-apiserver "$apiserver" \
    --etcd-servers="http://127.0.0.1:$etcd_port" \
    --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="$API_PORT" \
    --endpoint-reconciler-type=none \
    --authorization-mode=Node,RBAC \
    --token-auth-file="$S/certs/tokens.csv" \
    --client-ca-file="$S/certs/ca.crt" \
    --tls-cert-file="$S/certs/apiserver.crt" --tls-private-key-file="$S/certs/apiserver.key" \
    --cert-dir="$S/certs/kube-apiserver" \
    --service-account-issuer=https://kubernetes.default.svc.cluster.local \
    --service-account-key-file="$S/certs/sa.pub" \
    --service-account-signing-key-file="$S/certs/sa.key" \
    --api-audiences=https://kubernetes.default.svc.cluster.local \
    --service-cluster-ip-range="$SERVICE_CIDR" \
    --allow-privileged=true \
    --enable-admission-plugins=NodeRestriction \
    --kubelet-preferred-address-types=InternalIP,Hostname \
    --max-requests-inflight=1000 --max-mutating-requests-inflight=500 \
    --requestheader-client-ca-file="$S/certs/front-proxy-ca.crt" --requestheader-allowed-names=front-proxy-client \
    --requestheader-username-headers=X-Remote-User --requestheader-group-headers=X-Remote-Group \
    --requestheader-extra-headers-prefix=X-Remote-Extra- \
    --proxy-client-cert-file="$S/certs/front-proxy-client.crt" --proxy-client-key-file="$S/certs/front-proxy-client.key" \
    --profiling=false \
    "${extra[@]}"
  wait_for "kube-apiserver /readyz" 180 kube-apiserver \
    curl -sf --cacert "$S/certs/ca.crt" -H "Authorization: Bearer $ADMIN_TOKEN" "https://127.0.0.1:$API_PORT/readyz"

  log "kube-apiserver ready on https://127.0.0.1:$API_PORT"
  write_kubeconfig "$S/admin.kubeconfig" admin "$ADMIN_TOKEN"
  write_kubeconfig "$S/view.kubeconfig" viewer "$VIEW_TOKEN"
  write_kubeconfig "$S/none.kubeconfig" nobody "$NONE_TOKEN"
  write_kubeconfig "$S/kube-controller-manager.kubeconfig" system:kube-controller-manager "$kcm_token"
  write_kubeconfig "$S/kube-scheduler.kubeconfig" system:kube-scheduler "$sched_token"
  write_kubeconfig "$S/kwok.kubeconfig" system:kwok-controller "$kwok_token"
  write_kubeconfig "$S/metrics-server.kubeconfig" system:metrics-server "$ms_token"

  # viewer -> built-in view ClusterRole (cluster wide). nobody gets no binding at all.
  api POST /apis/rbac.authorization.k8s.io/v1/clusterrolebindings '{
    "apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRoleBinding",
    "metadata":{"name":"studioctl-e2e-viewer","labels":{"app.kubernetes.io/part-of":"studioctl-e2e"}},
    "roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"view"},
    "subjects":[{"apiGroup":"rbac.authorization.k8s.io","kind":"User","name":"viewer"}]}' >/dev/null

  # kube-controller-manager: each controller uses its own ServiceAccount, as kubeadm sets it up.
  start_proc kube-controller-manager "$kbin/kube-controller-manager" \
    --kubeconfig="$S/kube-controller-manager.kubeconfig" \
    --bind-address=127.0.0.1 --secure-port="$kcm_port" --cert-dir="$S/certs/kube-controller-manager" \
    --leader-elect=false \
    --use-service-account-credentials=true \
    --service-account-private-key-file="$S/certs/sa.key" \
    --root-ca-file="$S/certs/ca.crt" \
    --cluster-signing-cert-file="$S/certs/ca.crt" --cluster-signing-key-file="$S/certs/ca.key" \
    --service-cluster-ip-range="$SERVICE_CIDR" --cluster-cidr="$CLUSTER_CIDR" --allocate-node-cidrs=false \
    --controllers='*,-node-ipam-controller' \
    --kube-api-qps=300 --kube-api-burst=600 \
    --concurrent-replicaset-syncs=10 --concurrent-deployment-syncs=10
  # kube-scheduler
  cat >"$S/kube-scheduler.yaml" <<EOF
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
clientConnection:
  kubeconfig: $S/kube-scheduler.kubeconfig
  qps: 300
  burst: 600
leaderElection:
  leaderElect: false
EOF
  start_proc kube-scheduler "$kbin/kube-scheduler" \
    --config="$S/kube-scheduler.yaml" \
    --bind-address=127.0.0.1 --secure-port="$sched_port" --cert-dir="$S/certs/kube-scheduler"

  # kwok: fakes the kubelets of nodes annotated kwok.x-k8s.io/node=fake, serves their logs.
  write_pod_logs "$S/kwok/pod.log"
  write_workload_logs "$S/kwok/logs"
  cp "$kwokbin"/stages/*.yaml "$S/kwok/"
  cat >"$S/kwok/kwok.yaml" <<EOF
apiVersion: config.kwok.x-k8s.io/v1alpha1
kind: KwokConfiguration
options:
  enableDebuggingHandlers: true
  nodeLeaseDurationSeconds: 40
  nodeLeaseParallelism: 4
  podPlayStageParallelism: 8
  nodePlayStageParallelism: 4
$(cluster_logs "$S/kwok/logs")
---
apiVersion: kwok.x-k8s.io/v1alpha1
kind: ClusterLogs
metadata:
  name: studioctl-e2e-logs
spec:
  logs:
  - logsFile: $S/kwok/pod.log
    previousLogsFile: $S/kwok/pod.log
EOF
  write_kwok_metrics "$S/kwok/metrics.yaml"
  write_crash_loop_stage "$S/kwok/pod-crash-loop.yaml"
  local cfgs=(--config="$S/kwok/kwok.yaml" --config="$S/kwok/metrics.yaml")
  for f in "$S"/kwok/node-*.yaml "$S"/kwok/pod-*.yaml; do cfgs+=(--config="$f"); done
  start_proc kwok "$kwokbin/kwok" \
    --kubeconfig="$S/kwok.kubeconfig" "${cfgs[@]}" \
    --manage-all-nodes=false --manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake \
    --node-ip=127.0.0.1 --node-port="$KWOK_PORT" --server-address="127.0.0.1:$KWOK_PORT" \
    --cidr="$CLUSTER_CIDR" --node-lease-duration-seconds=40

  wait_for "kube-controller-manager /healthz" 90 kube-controller-manager \
    curl -skf "https://127.0.0.1:$kcm_port/healthz"
  wait_for "kube-scheduler /healthz" 90 kube-scheduler curl -skf "https://127.0.0.1:$sched_port/healthz"
  wait_for "kwok /healthz" 90 kwok curl -sf "http://127.0.0.1:$KWOK_PORT/healthz"
  # the ServiceAccount controllers are working once default/default exists
  wait_for "default ServiceAccount" 90 kube-controller-manager api GET /api/v1/namespaces/default/serviceaccounts/default

  [ "$METRICS" = 0 ] || start_metrics_server "$msbin" "$ms_port"

  (
    umask 077
    cat >"$S/env" <<EOF
K8S_VERSION='$VER'
STATE_DIR='$S'
SERVER='https://127.0.0.1:$API_PORT'
CA_FILE='$S/certs/ca.crt'
ADMIN_TOKEN='$ADMIN_TOKEN'
VIEW_TOKEN='$VIEW_TOKEN'
NONE_TOKEN='$NONE_TOKEN'
KUBECONFIG_ADMIN='$S/admin.kubeconfig'
KUBECONFIG_VIEW='$S/view.kubeconfig'
KUBECONFIG_NONE='$S/none.kubeconfig'
ETCD_ENDPOINT='http://127.0.0.1:$etcd_port'
KWOK_NODE_PORT='$KWOK_PORT'
KWOK_LOG_FILE='$S/kwok/pod.log'
BIN_DIR='$kbin'
KUBECTL='$kubectl'
METRICS_SERVER='$( [ "$METRICS" = 0 ] || echo "https://127.0.0.1:$ms_port" )'
EOF
  )
  local gv
  gv=$(api GET /version | sed -n 's/.*"gitVersion": *"\([^"]*\)".*/\1/p')
  log "up: $gv in $(( $(date +%s) - t0 ))s (binaries $(( tb - t0 ))s, start $(( $(date +%s) - tb ))s)"
  cat <<EOF
studioctl e2e cluster $VER ($gv) is up at https://127.0.0.1:$API_PORT
  state dir:  $S
  admin:      $S/admin.kubeconfig   (system:masters)
  view:       $S/view.kubeconfig    (user viewer, ClusterRole view)
  none:       $S/none.kubeconfig    (user nobody, no bindings)
  env file:   $S/env                (or: eval "\$($0 env $VER)")
  logs:       $S/logs/
next: $here/seed.sh $VER
EOF
}

# create_json PATH JSON: POST an object as admin; one that already exists is fine.
create_json() {
  local out
  if ! out=$(api POST "$1" "$2" 2>&1); then
    grep -q '"reason": *"AlreadyExists"' <<<"$out" || { echo "$out" >&2; return 1; }
  fi
}

# start_metrics_server BIN_DIR PORT: metrics-server on 127.0.0.1:PORT, its RBAC, and the APIService
# v1beta1.metrics.k8s.io in front of it. The Service is of type ExternalName naming 127.0.0.1 (an
# aggregated API's Endpoints may not hold a loopback address, but the aggregator resolves an
# ExternalName Service to its name and port, and no other address is ever dialled). The aggregator
# verifies metrics-server's certificate against the cluster CA (caBundle) and presents the front
# proxy's client certificate; metrics-server scrapes kwok's per-node resource metrics (the node
# annotation metrics.k8s.io/resource-metrics-path, set by seed.sh) over TLS on kwok's port.
start_metrics_server() {
  local bin=$1 port=$2
  create_json /apis/rbac.authorization.k8s.io/v1/clusterroles '{
    "apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole",
    "metadata":{"name":"system:metrics-server","labels":{"k8s-app":"metrics-server"}},
    "rules":[{"apiGroups":[""],"resources":["nodes/metrics"],"verbs":["get"]},
             {"apiGroups":[""],"resources":["pods","nodes"],"verbs":["get","list","watch"]}]}'
  create_json /apis/rbac.authorization.k8s.io/v1/clusterroles '{
    "apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole",
    "metadata":{"name":"system:aggregated-metrics-reader","labels":{"k8s-app":"metrics-server",
      "rbac.authorization.k8s.io/aggregate-to-view":"true","rbac.authorization.k8s.io/aggregate-to-edit":"true",
      "rbac.authorization.k8s.io/aggregate-to-admin":"true"}},
    "rules":[{"apiGroups":["metrics.k8s.io"],"resources":["pods","nodes"],"verbs":["get","list","watch"]}]}'
  create_json /apis/rbac.authorization.k8s.io/v1/clusterrolebindings '{
    "apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRoleBinding",
    "metadata":{"name":"system:metrics-server","labels":{"k8s-app":"metrics-server"}},
    "roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"system:metrics-server"},
    "subjects":[{"apiGroup":"rbac.authorization.k8s.io","kind":"User","name":"system:metrics-server"}]}'
  create_json /apis/rbac.authorization.k8s.io/v1/clusterrolebindings '{
    "apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRoleBinding",
    "metadata":{"name":"metrics-server:system:auth-delegator","labels":{"k8s-app":"metrics-server"}},
    "roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"system:auth-delegator"},
    "subjects":[{"apiGroup":"rbac.authorization.k8s.io","kind":"User","name":"system:metrics-server"}]}'
  create_json /apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/rolebindings '{
    "apiVersion":"rbac.authorization.k8s.io/v1","kind":"RoleBinding",
    "metadata":{"name":"metrics-server-auth-reader","namespace":"kube-system","labels":{"k8s-app":"metrics-server"}},
    "roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"extension-apiserver-authentication-reader"},
    "subjects":[{"apiGroup":"rbac.authorization.k8s.io","kind":"User","name":"system:metrics-server"}]}'
  create_json /api/v1/namespaces/kube-system/services '{
    "apiVersion":"v1","kind":"Service",
    "metadata":{"name":"metrics-server","namespace":"kube-system","labels":{"k8s-app":"metrics-server"}},
    "spec":{"type":"ExternalName","externalName":"127.0.0.1","ports":[{"name":"https","port":'"$port"',"protocol":"TCP"}]}}'
  start_proc metrics-server "$bin/metrics-server" \
    --bind-address=127.0.0.1 --secure-port="$port" \
    --tls-cert-file="$S/certs/metrics-server.crt" --tls-private-key-file="$S/certs/metrics-server.key" \
    --kubeconfig="$S/metrics-server.kubeconfig" \
    --authentication-kubeconfig="$S/metrics-server.kubeconfig" --authorization-kubeconfig="$S/metrics-server.kubeconfig" \
    --kubelet-preferred-address-types=InternalIP --kubelet-use-node-status-port --kubelet-insecure-tls \
    --metric-resolution=15s
  wait_for "metrics-server /livez" 90 metrics-server curl -sf --cacert "$S/certs/ca.crt" "https://127.0.0.1:$port/livez"
  create_json /apis/apiregistration.k8s.io/v1/apiservices '{
    "apiVersion":"apiregistration.k8s.io/v1","kind":"APIService",
    "metadata":{"name":"v1beta1.metrics.k8s.io","labels":{"k8s-app":"metrics-server"}},
    "spec":{"group":"metrics.k8s.io","version":"v1beta1","groupPriorityMinimum":100,"versionPriority":100,
      "service":{"namespace":"kube-system","name":"metrics-server","port":'"$port"'},
      "caBundle":"'"$(base64 -w0 <"$S/certs/ca.crt")"'"}}'
  wait_for "APIService v1beta1.metrics.k8s.io Available" 90 metrics-server apiservice_available
  log "metrics-server on https://127.0.0.1:$port behind v1beta1.metrics.k8s.io"
}

apiservice_available() {
  api GET /apis/apiregistration.k8s.io/v1/apiservices/v1beta1.metrics.k8s.io |
    tr -d ' \n' | grep -q '"type":"Available","status":"True"'
}

# write_kwok_metrics FILE: kwok's simulated kubelet resource metrics, served for each node at
# /metrics/nodes/NODE/metrics/resource (what metrics-server reads), and the usage they report:
# fixed figures per container name, else the pod's kwok.x-k8s.io/usage-cpu and -memory annotations,
# else 5m and 24Mi. Fixed figures keep `top` the same between two reads, so it compares with kubectl.
write_kwok_metrics() {
  cat >"$1" <<'EOF'
apiVersion: kwok.x-k8s.io/v1alpha1
kind: Metric
metadata:
  name: studioctl-e2e-resource-metrics
spec:
  path: /metrics/nodes/{nodeName}/metrics/resource
  metrics:
  - name: node_cpu_usage_seconds_total
    help: Cumulative node CPU in core-seconds (simulated)
    kind: counter
    dimension: node
    value: node.CumulativeUsage("cpu")
  - name: node_memory_working_set_bytes
    help: Node working set in bytes (simulated)
    kind: gauge
    dimension: node
    value: node.Usage("memory")
  - name: container_start_time_seconds
    help: Container start time, seconds since the epoch (simulated)
    kind: gauge
    dimension: container
    labels:
    - {name: namespace, value: pod.metadata.namespace}
    - {name: pod, value: pod.metadata.name}
    - {name: container, value: container.name}
    value: pod.SinceSecond()
  - name: container_cpu_usage_seconds_total
    help: Cumulative container CPU in core-seconds (simulated)
    kind: counter
    dimension: container
    labels:
    - {name: namespace, value: pod.metadata.namespace}
    - {name: pod, value: pod.metadata.name}
    - {name: container, value: container.name}
    value: pod.CumulativeUsage("cpu", container.name)
  - name: container_memory_working_set_bytes
    help: Container working set in bytes (simulated)
    kind: gauge
    dimension: container
    labels:
    - {name: namespace, value: pod.metadata.namespace}
    - {name: pod, value: pod.metadata.name}
    - {name: container, value: container.name}
    value: pod.Usage("memory", container.name)
---
apiVersion: kwok.x-k8s.io/v1alpha1
kind: ClusterResourceUsage
metadata:
  name: studioctl-e2e-usage
spec:
  usages:
  - {containers: [web], usage: {cpu: {value: 120m}, memory: {value: 96Mi}}}
  - {containers: [log-shipper], usage: {cpu: {value: 8m}, memory: {value: 28Mi}}}
  - {containers: [api], usage: {cpu: {value: 110m}, memory: {value: 210Mi}}}
  - {containers: [postgres], usage: {cpu: {value: 180m}, memory: {value: 310Mi}}}
  - {containers: [payments-api], usage: {cpu: {value: 95m}, memory: {value: 140Mi}}}
  - {containers: [redis], usage: {cpu: {value: 15m}, memory: {value: 48Mi}}}
  - {containers: [prometheus], usage: {cpu: {value: 350m}, memory: {value: 900Mi}}}
  - {containers: [grafana], usage: {cpu: {value: 40m}, memory: {value: 120Mi}}}
  - {containers: [coredns], usage: {cpu: {value: 3m}, memory: {value: 18Mi}}}
  - {containers: [guestbook], usage: {cpu: {value: 30m}, memory: {value: 58Mi}}}
  - usage:
      cpu:
        expression: |
          "kwok.x-k8s.io/usage-cpu" in pod.metadata.annotations
          ? Quantity(pod.metadata.annotations["kwok.x-k8s.io/usage-cpu"]) : Quantity("5m")
      memory:
        expression: |
          "kwok.x-k8s.io/usage-memory" in pod.metadata.annotations
          ? Quantity(pod.metadata.annotations["kwok.x-k8s.io/usage-memory"]) : Quantity("24Mi")
EOF
  chmod 0644 "$1"
}

# write_crash_loop_stage FILE: a kwok Stage that turns a running pod labelled
# studioctl.dev/crash-loop=true into one whose first container is in CrashLoopBackOff after 6
# restarts (its last run exited 1), as a kubelet reports a crash loop. It fires once, so the pod
# then stays put and reads the same to studioctl and kubectl.
write_crash_loop_stage() {
  cat >"$1" <<'EOF'
apiVersion: kwok.x-k8s.io/v1alpha1
kind: Stage
metadata:
  name: pod-crash-loop
spec:
  resourceRef: {apiGroup: v1, kind: Pod}
  selector:
    matchExpressions:
    - {key: '.metadata.labels["studioctl.dev/crash-loop"]', operator: In, values: ["true"]}
    - {key: '.metadata.deletionTimestamp', operator: DoesNotExist}
    - {key: '.status.phase', operator: In, values: [Running]}
    - {key: '.status.conditions.[] | select( .type == "Ready" ) | .status', operator: In, values: ["True"]}
  next:
    statusTemplate: |
      {{ $now := Now }}
      conditions:
      - {type: Initialized, status: "True", lastTransitionTime: {{ $now | Quote }}}
      - {type: Ready, status: "False", reason: ContainersNotReady, lastTransitionTime: {{ $now | Quote }}}
      - {type: ContainersReady, status: "False", reason: ContainersNotReady, lastTransitionTime: {{ $now | Quote }}}
      containerStatuses:
      {{ range $i, $c := .spec.containers }}
      {{ if eq $i 0 }}
      - name: {{ $c.name | Quote }}
        image: {{ $c.image | Quote }}
        ready: false
        started: false
        restartCount: 6
        state:
          waiting:
            reason: CrashLoopBackOff
            message: {{ printf "back-off 5m0s restarting failed container=%s" $c.name | Quote }}
        lastState:
          terminated:
            exitCode: 1
            reason: Error
            startedAt: {{ $now | Quote }}
            finishedAt: {{ $now | Quote }}
      {{ else }}
      - name: {{ $c.name | Quote }}
        image: {{ $c.image | Quote }}
        ready: true
        started: true
        restartCount: 0
        state:
          running: {startedAt: {{ $now | Quote }}}
      {{ end }}
      {{ end }}
      phase: Running
EOF
  chmod 0644 "$1"
}

# write_workload_logs DIR: each container's own log (e2e/logs/NAMESPACE/CONTAINER.log, see
# e2e/logs/README.md) in CRI form under DIR/NAMESPACE/, one timestamp a second from
# 2026-01-15T09:00:00Z, \e and \a turned into ESC and BEL.
write_workload_logs() {
  local dir=$1 src ns dst i l ts
  local esc=$'\x1b' bel=$'\x07'
  for src in "$here"/logs/*/*.log; do
    ns=$(basename "$(dirname "$src")")
    mkdir -p "$dir/$ns"
    dst="$dir/$ns/$(basename "$src")"
    : >"$dst"
    i=0
    while IFS= read -r l || [ -n "$l" ]; do
      [ -n "$l" ] || continue
      l=${l//\\e/$esc}; l=${l//\\a/$bel}
      ts=$(printf '2026-01-15T09:%02d:%02d.%06d000Z' $((i / 60)) $((i % 60)) $((i * 1371 % 1000000)))
      printf '%s %s\n' "$ts" "$l" >>"$dst"
      i=$((i + 1))
    done <"$src"
    chmod 0644 "$dst"
  done
}

# cluster_logs DIR: one kwok ClusterLogs per namespace of DIR (written by write_workload_logs),
# naming each container's log and its previous run's (CONTAINER.previous.log, else the same file).
# None has a default entry, so kwok goes on to the next ClusterLogs for any other container, and
# the last one (kwok.yaml's studioctl-e2e-logs) serves pod.log to every container left.
cluster_logs() {
  local dir=$1 nsdir ns f c prev
  for nsdir in "$dir"/*/; do
    ns=$(basename "$nsdir")
    printf -- '---\napiVersion: kwok.x-k8s.io/v1alpha1\nkind: ClusterLogs\nmetadata:\n  name: studioctl-e2e-logs-%s\nspec:\n  selector:\n    matchNamespaces: [%s]\n  logs:\n' "$ns" "$ns"
    for f in "$nsdir"*.log; do
      c=$(basename "$f" .log)
      case "$c" in *.previous) continue ;; esac
      prev="$nsdir$c.previous.log"
      [ -f "$prev" ] || prev=$f
      printf '  - containers: [%s]\n    logsFile: %s\n    previousLogsFile: %s\n' "$c" "$f" "$prev"
    done
  done
}

# write_pod_logs FILE: CRI-format container log lines served by kwok for every container that has
# no log of its own (write_workload_logs); the live suite appends to it (KWOK_LOG_FILE).
write_pod_logs() {
  local f=$1 i ts
  local esc=$'\x1b' bel=$'\x07'
  local lines=(
    "stdout F 2026-01-15 09:00:00 INFO  starting server version=2.4.1 commit=9f3c2ab"
    "stdout F 2026-01-15 09:00:00 INFO  loading configuration from /etc/app/config.yaml"
    "stdout F 2026-01-15 09:00:00 INFO  connecting to database host=postgres.shop.svc.cluster.local port=5432"
    "stdout F 2026-01-15 09:00:01 INFO  database connection established pool_size=10"
    "stdout F 2026-01-15 09:00:01 INFO  registering routes count=42"
    "stdout F 2026-01-15 09:00:01 INFO  listening on :8080"
    "stdout F 2026-01-15 09:00:02 INFO  readiness probe passed"
    "stdout F 10.244.0.7 - - [15/Jan/2026:09:00:05 +0000] \"GET /healthz HTTP/1.1\" 200 2 \"-\" \"kube-probe/1.37\""
    "stdout F 10.244.1.3 - - [15/Jan/2026:09:00:07 +0000] \"GET /api/v1/products?page=1 HTTP/1.1\" 200 5123 \"-\" \"Mozilla/5.0\""
    "stdout F 10.244.1.3 - - [15/Jan/2026:09:00:08 +0000] \"GET /api/v1/products/1834 HTTP/1.1\" 200 912 \"-\" \"Mozilla/5.0\""
    "stdout F 10.244.2.9 - - [15/Jan/2026:09:00:09 +0000] \"POST /api/v1/cart HTTP/1.1\" 201 87 \"-\" \"Mozilla/5.0\""
    "stderr F 2026-01-15 09:00:10 WARN  slow query duration=1.284s query=\"SELECT * FROM orders WHERE customer_id = \$1\""
    "stdout F 2026-01-15 09:00:11 INFO  cache hit ratio=0.93 entries=18231"
    "stdout F {\"level\":\"info\",\"ts\":\"2026-01-15T09:00:12Z\",\"msg\":\"order created\",\"order_id\":\"ord-7731\",\"amount\":\"49.90\"}"
    "stdout F {\"level\":\"info\",\"ts\":\"2026-01-15T09:00:13Z\",\"msg\":\"payment authorized\",\"order_id\":\"ord-7731\"}"
    "stderr F {\"level\":\"error\",\"ts\":\"2026-01-15T09:00:14Z\",\"msg\":\"upstream timeout\",\"service\":\"inventory\",\"after\":\"5s\"}"
    "stdout F 2026-01-15 09:00:15 INFO  retrying request attempt=2 service=inventory"
    "stdout F 2026-01-15 09:00:15 INFO  request succeeded service=inventory latency=212ms"
    "stdout F 2026-01-15 09:00:20 INFO  ${esc}[31mred alert${esc}[0m: colour codes in a log line ${esc}]0;pwned-title${bel}(title sequence)"
    "stdout F 2026-01-15 09:00:21 INFO  ${esc}[1m${esc}[32mOK${esc}[0m health summary: 3/3 backends up"
    "stdout F 2026-01-15 09:00:25 DEBUG gc pause=1.2ms heap=48MiB goroutines=57"
    "stdout P 2026-01-15 09:00:26 INFO  a long line split by the runtime into a partial part "
    "stdout F and its final part"
    "stderr F 2026-01-15 09:00:30 WARN  certificate expires in 29 days subject=CN=shop.example.test"
    "stdout F 10.244.1.3 - - [15/Jan/2026:09:00:31 +0000] \"GET /api/v1/orders/ord-7731 HTTP/1.1\" 200 644 \"-\" \"Mozilla/5.0\""
    "stdout F 10.244.2.9 - - [15/Jan/2026:09:00:32 +0000] \"DELETE /api/v1/cart/items/3 HTTP/1.1\" 204 0 \"-\" \"Mozilla/5.0\""
    "stdout F 2026-01-15 09:00:40 INFO  metrics flushed series=311"
    "stdout F 2026-01-15 09:00:45 INFO  background job finished job=reindex duration=4.8s"
    "stdout F 2026-01-15 09:00:50 INFO  received SIGHUP, reloading configuration"
    "stdout F 2026-01-15 09:00:50 INFO  configuration reloaded"
    "stdout F 2026-01-15 09:01:00 INFO  tick processed=1289 errors=0"
    "stdout F 2026-01-15 09:01:00 INFO  unicode: größe=42 città=Zürich 東京 ✓"
    "stdout F 2026-01-15 09:02:00 INFO  tick processed=1302 errors=0"
    "stdout F 2026-01-15 09:03:00 INFO  tick processed=1297 errors=1"
    "stderr F 2026-01-15 09:03:01 ERROR failed to publish event topic=orders err=\"broker not available\""
    "stdout F 2026-01-15 09:04:00 INFO  tick processed=1311 errors=0"
  )
  : >"$f"
  i=0
  for l in "${lines[@]}"; do
    ts=$(printf '2026-01-15T09:%02d:%02d.%06d000Z' $((i / 60)) $((i % 60)) $((i * 1371 % 1000000)))
    printf '%s %s\n' "$ts" "$l" >>"$f"
    i=$((i + 1))
  done
  chmod 0644 "$f"
}

cmd_env() {
  [ -f "$S/env" ] || die "no instance at $S (run: $0 up $VER)"
  sed 's/^/export /' "$S/env"
}

cmd_status() {
  [ -f "$S/env" ] || { echo "$VER: down (no $S/env)"; return 1; }
  # shellcheck disable=SC1091
  . "$S/env"
  local name ok=0
  for name in etcd kube-apiserver kube-controller-manager kube-scheduler kwok metrics-server; do
    [ "$name" != metrics-server ] || [ -n "${METRICS_SERVER:-}" ] || continue
    if [ -f "$S/pids/$name" ] && pid_is_ours "$(cat "$S/pids/$name")"; then
      echo "$name: running (pid $(cat "$S/pids/$name"))"
    else
      echo "$name: NOT running"; ok=1
    fi
  done
  if curl -sf --cacert "$CA_FILE" -H "Authorization: Bearer $ADMIN_TOKEN" "$SERVER/readyz" >/dev/null; then
    echo "$SERVER/readyz: ok"
  else
    echo "$SERVER/readyz: FAILED"; ok=1
  fi
  return $ok
}

[ $# -ge 2 ] || usage
CMD=$1
VER=$(norm_version "$2")
MOD="k8s-$VER"
S="$state_root/$VER"
case "$CMD" in
  up) cmd_up ;;
  down) cmd_down; log "down: $VER" ;;
  env) cmd_env ;;
  status) cmd_status ;;
  build) cmd_build ;;
  *) usage ;;
esac
