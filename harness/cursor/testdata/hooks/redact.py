#!/usr/bin/env python3
# A postToolUse hook: updated_mcp_tool_output replaces an MCP tool's output.
import json
import sys

call = json.load(sys.stdin)
out = call["tool_output"].replace("secret", "[redacted]")
print(json.dumps({"updated_mcp_tool_output": {"text": out}}))
