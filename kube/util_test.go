package kube

import (
	"os"
	"strings"
)

func osStat(p string) (os.FileInfo, error) { return os.Stat(p) }

func lastElem(p string) string { return p[strings.LastIndex(p, "/")+1:] }
