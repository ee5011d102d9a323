#!/usr/bin/env python3
# Written for Claude Code: Codex has no "ask", and counts this hook as failed.
import json, sys

json.load(sys.stdin)
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                         "permissionDecision": "ask",
                                         "permissionDecisionReason": "pushes to a shared branch"}}))
