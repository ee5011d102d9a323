#!/bin/bash
# Answers a decision word Droid does not have.
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}}'
