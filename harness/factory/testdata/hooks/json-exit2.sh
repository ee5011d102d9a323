#!/bin/bash
# Status 2 wins over an allow on stdout.
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'
echo "exit 2 blocks" >&2
exit 2
