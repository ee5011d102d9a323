#!/usr/bin/env python3
# Keeps read-only subagents read-only: an Explore subagent may not write or
# run commands. It knows who is calling from agent_type and agent_id.
import json, sys

data = json.load(sys.stdin)
if data.get("agent_type") == "Explore":
    print(f"subagent {data.get('agent_id')} ({data['agent_type']}) is read-only: "
          f"{data['tool_name']} is not allowed (prompt {data.get('prompt_id')})", file=sys.stderr)
    sys.exit(2)
