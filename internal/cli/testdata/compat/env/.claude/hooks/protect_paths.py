#!/usr/bin/env python3
# Blocks edits under the paths listed in CLAUDE_DENY_PATHS (colon-separated),
# as path-protection hooks configured through the environment do.
import json, os, sys

data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
for denied in filter(None, os.environ.get("CLAUDE_DENY_PATHS", "").split(":")):
    if path == denied or path.startswith(denied.rstrip("/") + "/"):
        print(f"{path} is under {denied}, which CLAUDE_DENY_PATHS protects", file=sys.stderr)
        sys.exit(2)
sys.exit(0)
