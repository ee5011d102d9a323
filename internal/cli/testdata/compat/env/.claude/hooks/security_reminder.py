#!/usr/bin/env python3
# Reminds the model of risky patterns in code it writes, as the security
# guidance plugin does; ENABLE_SECURITY_REMINDER=0 switches it off.
import json, os, sys

if os.environ.get("ENABLE_SECURITY_REMINDER", "1") == "0":
    sys.exit(0)
data = json.load(sys.stdin)
tool_input = data.get("tool_input", {})
content = tool_input.get("content", "") + tool_input.get("new_string", "")
for pattern, warning in [("eval(", "eval() runs arbitrary code"), ("innerHTML", "innerHTML invites XSS")]:
    if pattern in content:
        print(f"Security reminder: {warning}; use a safer alternative", file=sys.stderr)
        sys.exit(2)
sys.exit(0)
