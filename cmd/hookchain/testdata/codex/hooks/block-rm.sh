#!/usr/bin/env bash
# Codex: exit status 2 blocks, with the reason on stderr.
command=$(jq -r '.tool_input.command // empty')
case "$command" in
  *"rm -rf"*) echo "recursive delete is not allowed here" >&2; exit 2 ;;
esac
exit 0
