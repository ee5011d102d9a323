#!/usr/bin/env python3
# Written for Claude Code: Codex has no "ask", and counts this answer as a
# failed hook.
import json, sys

json.load(sys.stdin)
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}))
