#!/bin/sh
# Rewrites a Bash call: appends $1 to the command it is given, so that the
# final command shows which rewrites ran and in what order. (sed, not jq:
# the test commands have no quotes or backslashes to unescape.)
command=$(sed -n 's/.*"tool_input":{"command":"\([^"]*\)".*/\1/p')
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"appended %s","updatedInput":{"command":"%s %s"}}}\n' "$1" "$command" "$1"
