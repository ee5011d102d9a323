// Command gohook is guard.py's policy as a hook written in Go: a persistent
// hook when hookchain starts it as one, a one-shot native hook otherwise
// (process.HookMain serves both).
//
//	go build -o gohook ./examples/persistent/gohook
package main

import (
	"context"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func guard(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	if e.Tool != "Bash" {
		return hookchain.Allow(), nil
	}
	command := gjson.GetBytes(e.Input, "command").String()
	switch {
	case strings.Contains(command, "rm -rf"):
		return hookchain.Deny("recursive delete"), nil
	case strings.HasPrefix(command, "npm "):
		return hookchain.Allow().WithNote("this repository uses pnpm, not npm"), nil
	}
	return hookchain.Allow(), nil
}

func main() { process.HookMain(guard) }
