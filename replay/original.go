package replay

import "strings"

// claudeOriginal is what happened to a Claude Code call, read from its
// result: none of the causes has a field of its own, so the text says it
// (FORMATS.md §1.1, "How a denied call looks"), version by version.
func claudeOriginal(isError bool, text string) Original {
	if !isError {
		return Ran
	}
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "The user doesn't want to proceed with this tool use"),
		strings.HasPrefix(t, "The user doesn't want to take this action right now"):
		return Rejected
	case strings.HasPrefix(t, "[Request interrupted by user"):
		return Interrupted
	// 1.0.x: "Read operation blocked by hook:\n- [cmd]: …";
	// 2.x: "PreToolUse:Bash hook error: [cmd]: …".
	case strings.Contains(firstLine(t), "operation blocked by hook"),
		strings.HasPrefix(t, "PreToolUse:") && strings.Contains(firstLine(t), "hook error"):
		return Blocked
	case strings.HasPrefix(t, "Permission for this action was denied"),
		strings.HasPrefix(t, "This command requires approval"),
		strings.HasPrefix(t, "Permission to use ") && strings.Contains(firstLine(t), "has been denied"),
		strings.HasPrefix(t, "Claude requested permissions to "):
		return Denied
	}
	return Errored
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// persistedPreview says a Claude Code result is the preview of an output
// written to disk (2.0.52+, "<persisted-output>…Full output saved to…").
func persistedPreview(text string) bool {
	return strings.Contains(text, "<persisted-output>")
}
