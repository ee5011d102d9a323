#!/bin/sh
# Reports, as its denial reason, what the hook was given besides stdin: the
# project directory, whether a variable of the host's reached it, and where
# it runs.
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"project=%s secret=%s pwd=%s"}}\n' \
	"$CLAUDE_PROJECT_DIR" "${HOOKCHAIN_TEST_SECRET-unset}" "$(pwd)"
