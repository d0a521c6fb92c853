// Command etcd runs a single-member embedded etcd on loopback for e2e tests.
//
//	etcd -data-dir DIR -client-port N -peer-port M
package main

import (
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

func main() {
	dataDir := flag.String("data-dir", "", "data directory (required)")
	clientPort := flag.Int("client-port", 2379, "client port on 127.0.0.1")
	peerPort := flag.Int("peer-port", 2380, "peer port on 127.0.0.1")
	flag.Parse()
	if *dataDir == "" {
		log.Fatal("-data-dir is required")
	}

	cfg := embed.NewConfig()
	cfg.Name = "e2e"
	cfg.Dir = *dataDir
	cu, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", *clientPort))
	pu, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", *peerPort))
	cfg.ListenClientUrls = []url.URL{*cu}
	cfg.AdvertiseClientUrls = []url.URL{*cu}
	cfg.ListenPeerUrls = []url.URL{*pu}
	cfg.AdvertisePeerUrls = []url.URL{*pu}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.LogLevel = "warn"
	cfg.QuotaBackendBytes = 4 << 30
	cfg.AutoCompactionMode = "periodic"
	cfg.AutoCompactionRetention = "5m"
	cfg.UnsafeNoFsync = true // test data only: trade durability for speed

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		log.Fatalf("start etcd: %v", err)
	}
	select {
	case <-e.Server.ReadyNotify():
		log.Printf("etcd ready on %s", cu)
	case <-time.After(60 * time.Second):
		e.Server.Stop()
		log.Fatal("etcd took too long to start")
	}

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case s := <-sig:
		log.Printf("got %v, stopping etcd", s)
		e.Close()
	case err := <-e.Err():
		log.Fatalf("etcd error: %v", err)
	}
}
