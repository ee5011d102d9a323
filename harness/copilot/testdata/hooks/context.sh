#!/usr/bin/env bash
# Tells the model something beside the call; Copilot reads it after the call only.
jq -c '{additionalContext: "this repository uses pnpm (\(.toolName))"}'
