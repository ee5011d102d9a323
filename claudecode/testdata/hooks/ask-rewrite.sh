#!/bin/sh
# Rewrites the call and asks the user about the rewritten one, as Claude Code allows.
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushes to a shared branch","updatedInput":{"command":"git push --dry-run"}}}'
