#!/usr/bin/env bash
# Lets the action run: Windsurf reads a hook's exit status, never its stdout.
cat >/dev/null
echo '{"decision": "deny", "reason": "stdout is not read"}'
exit 0
