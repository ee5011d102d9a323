#!/usr/bin/env bash
# Codex: additionalContext in hookSpecificOutput, at either event.
event=$(jq -r '.hook_event_name')
jq -n --arg e "$event" '{hookSpecificOutput: {hookEventName: $e, additionalContext: ("this repository uses pnpm (" + $e + ")")}}'
