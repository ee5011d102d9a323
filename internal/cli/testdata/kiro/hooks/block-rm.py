# Blocks recursive deletes, as Kiro's hooks block: exit 2, the reason on stderr.
import json, sys
call = json.load(sys.stdin)
if "rm -rf" in call["tool_input"].get("command", ""):
    print("recursive delete is not allowed here", file=sys.stderr)
    sys.exit(2)
