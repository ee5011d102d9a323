#!/usr/bin/env bash
# A commit must name a ticket: its message starts with the configured prefix.
set -euo pipefail
command=$(jq -r '.tool_input.command // ""')
mkdir -p "$CLAUDE_PLUGIN_DATA"
printf '%s\n' "$command" >> "$CLAUDE_PLUGIN_DATA/commands.log"
prefix=${CLAUDE_PLUGIN_OPTION_TICKET_PREFIX:?the ticket prefix is not configured}
if [[ $command == "git commit"* && $command != *"-m \"$prefix-"* ]]; then
  echo "commit messages start with a $prefix- ticket" >&2
  exit 2
fi
exit 0
