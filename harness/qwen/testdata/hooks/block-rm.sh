#!/usr/bin/env bash
# Qwen: exit status 2 blocks the tool; stdout is ignored, stderr goes to the model.
command=$(jq -r '.tool_input.command // empty')
case "$command" in
  *"rm -rf"*) echo '{"ignored": true}'; echo "recursive delete is not allowed here" >&2; exit 2 ;;
esac
exit 0
