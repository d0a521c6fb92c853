//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package store

import "syscall"

func syscallUmask(m int) int { return syscall.Umask(m) }
