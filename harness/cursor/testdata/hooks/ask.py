#!/usr/bin/env python3
# A beforeShellExecution hook: permission ask puts the command to the user.
import json
import sys

json.load(sys.stdin)
print(json.dumps({"permission": "ask", "user_message": "push to the remote?", "agent_message": "the user decides on pushes"}))
