#!/usr/bin/env bash
# Allows a bash call, after a progress line Copilot takes out of stdout.
cmd=$(jq -r '.toolArgs | fromjson | .command')
echo '{"type": "progress", "message": "checking '"$cmd"'"}'
echo '{"permissionDecision": "allow"}'
