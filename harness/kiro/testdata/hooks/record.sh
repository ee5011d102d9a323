#!/usr/bin/env bash
# Blocks with what Kiro gives a hook as the reason: its stdin and directory.
jq -c --arg pwd "$(pwd)" '{pwd: $pwd, input: .}' >&2
exit 2
