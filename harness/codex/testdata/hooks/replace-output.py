#!/usr/bin/env python3
# Written for Claude Code: Codex's schema has no updatedToolOutput, so Codex
# counts this hook as failed and shows the model the tool's own output.
import json, sys

json.load(sys.stdin)
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                         "updatedToolOutput": "[redacted]"}}))
