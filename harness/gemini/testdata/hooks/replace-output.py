#!/usr/bin/env python3
# Gemini: hookSpecificOutput.tool_output replaces the tool output sent to the model.
import json, sys

event = json.load(sys.stdin)
text = event["tool_response"]["llmContent"]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "AfterTool", "tool_output": text.replace("secret", "[redacted]")}}))
