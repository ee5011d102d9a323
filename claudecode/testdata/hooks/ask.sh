#!/bin/sh
# Asks for the user's approval.
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushes to a shared branch"}}'
