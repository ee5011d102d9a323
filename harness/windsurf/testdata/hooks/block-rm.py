# Blocks recursive deletes, as Windsurf's hooks block: exit 2, the reason on stderr.
import json, sys
action = json.load(sys.stdin)
if "rm -rf" in action["tool_info"].get("command_line", ""):
    print("recursive delete is not allowed here", file=sys.stderr)
    sys.exit(2)
