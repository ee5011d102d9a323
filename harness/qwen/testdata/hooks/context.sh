#!/usr/bin/env bash
# Qwen: additionalContext is added to the tool's result for the model.
event=$(jq -r '.hook_event_name')
jq -n --arg e "$event" '{hookSpecificOutput: {hookEventName: $e, additionalContext: ("this repository uses <pnpm> (" + $e + ")")}}'
