//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package store

func syscallUmask(m int) int { return m }
