#!/bin/bash
# Blocks recursive deletes: exit 2 with the reason on stderr.
cmd=$(jq -r .tool_input.command)
case "$cmd" in *"rm -rf"*) echo "recursive delete is not allowed here" >&2; exit 2;; esac
exit 0
