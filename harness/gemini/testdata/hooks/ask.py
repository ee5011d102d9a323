#!/usr/bin/env python3
# Gemini: decision "ask" puts the call to the user, with the systemMessage.
import json, sys

event = json.load(sys.stdin)
if event["tool_input"]["command"].startswith("git push"):
    print(json.dumps({"decision": "ask", "reason": "pushes leave the machine", "systemMessage": "push to the remote?"}))
