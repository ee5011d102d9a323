package cline

import "github.com/hookchain/hookchain"

// Matcher is Cline's matcher: Cline has none. A hook file is named after
// its event and runs for every tool call of it, so the matcher selects
// every tool; a hook that cares about the tool reads preToolUse.toolName.
func Matcher() hookchain.Matcher { return every{} }

type every struct{}

func (every) Match(hookchain.Event) bool { return true }

func (every) String() string { return "cline.Matcher()" }
