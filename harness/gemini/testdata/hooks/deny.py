#!/usr/bin/env python3
# Gemini: decision "deny" with a reason, sent to the agent as a tool error.
import json, sys

event = json.load(sys.stdin)
if event["tool_input"].get("file_path", "").startswith("/etc/"):
    print(json.dumps({"decision": "deny", "reason": "writes outside the project are not allowed"}))
