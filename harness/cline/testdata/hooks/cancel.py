#!/usr/bin/env python3
# Cline: cancel with an errorMessage when a file is written under /etc.
import json, sys

event = json.load(sys.stdin)
path = event["preToolUse"]["parameters"].get("path", "")
if event["preToolUse"]["toolName"] == "write_to_file" and path.startswith("/etc/"):
    print(json.dumps({"cancel": True, "errorMessage": "writes outside the project are not allowed",
                      "contextModification": "write inside the project"}))
else:
    print(json.dumps({"cancel": False}))
