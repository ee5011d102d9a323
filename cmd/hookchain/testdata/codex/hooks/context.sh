#!/usr/bin/env bash
# Codex: additionalContext in hookSpecificOutput.
event=$(jq -r '.hook_event_name')
jq -cn --arg e "$event" '{hookSpecificOutput: {hookEventName: $e, additionalContext: "this repository uses pnpm"}}'
