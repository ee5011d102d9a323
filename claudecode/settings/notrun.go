package settings

// notRun are the events whose hooks are about tool calls but happen
// where a chain has nothing to run them at: they are accepted, listed as
// ignored, and never run, with why and what to do instead.
var notRun = map[string]string{
	"PermissionDenied": "PermissionDenied hooks are accepted and never run: Claude Code runs them when its auto mode " +
		"classifier denies a call, so that they may let the model retry it; a chain has no classifier, and its denials are final. " +
		"To act on a chain's denials, watch its outcomes (a hookchain.Observer such as LogObserver, or serve's log)",
	"PostToolBatch": "PostToolBatch hooks are accepted and never run: Claude Code runs them once a batch of parallel tool calls " +
		"has resolved, before the next model call; a chain is put one call at a time and sees no batch. " +
		"Run the check as a PostToolUse hook, after each call, or from the runtime once its batch is done",
}

// ignoredReason is why a hook of event, which is not a tool call, is not
// run.
func ignoredReason(event string) string {
	if reason, ok := notRun[event]; ok {
		return reason
	}
	return event + " is not a tool-call event"
}
