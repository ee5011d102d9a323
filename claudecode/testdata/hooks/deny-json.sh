#!/bin/sh
# Blocks with a JSON answer.
cat >/dev/null
cat <<'JSON'
{
  "hookSpecificOutput": {
    "hookEventName": "PreToolUse",
    "permissionDecision": "deny",
    "permissionDecisionReason": "writes outside the project are not allowed"
  }
}
JSON
