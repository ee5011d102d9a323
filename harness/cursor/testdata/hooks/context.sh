#!/usr/bin/env bash
# A postToolUse hook: additional_context is a note for the model.
event=$(jq -r .hook_event_name)
echo "{\"additional_context\":\"this repository uses pnpm ($event)\"}"
