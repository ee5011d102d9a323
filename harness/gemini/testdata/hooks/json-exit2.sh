#!/usr/bin/env bash
# Gemini reads the JSON on stdout whatever the exit status.
cat >/dev/null
echo '{"decision": "allow"}'
echo "ignored" >&2
exit 2
