#!/usr/bin/env bash
# Blocks with what Windsurf gives a hook as the reason: its stdin and directory.
jq -c --arg pwd "$(pwd)" '{pwd: $pwd, input: (. | del(.timestamp)), stamped: (.timestamp | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$"))}' >&2
exit 2
