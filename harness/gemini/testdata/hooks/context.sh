#!/usr/bin/env bash
# Gemini: additionalContext is appended to the tool result for the agent.
event=$(jq -r '.hook_event_name')
jq -n --arg e "$event" '{hookSpecificOutput: {hookEventName: $e, additionalContext: ("this repository uses pnpm (" + $e + ")")}}'
