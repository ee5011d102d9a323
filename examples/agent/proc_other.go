//go:build !unix

package main

import "os/exec"

// killGroupOnCancel leaves the default, killing only the shell: process
// groups are a Unix notion. cmd.WaitDelay still bounds the wait.
func killGroupOnCancel(*exec.Cmd) {}
