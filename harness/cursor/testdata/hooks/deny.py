#!/usr/bin/env python3
# A preToolUse hook: permission deny, with a message for the user and one for the agent.
import json
import sys

call = json.load(sys.stdin)
path = call["tool_input"].get("file_path", "")
if path.startswith("/etc/"):
    print(json.dumps({"permission": "deny", "user_message": "blocked a write to " + path,
                      "agent_message": "writes outside the project are not allowed"}))
else:
    print(json.dumps({"permission": "allow"}))
