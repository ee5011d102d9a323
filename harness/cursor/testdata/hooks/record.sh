#!/usr/bin/env bash
# Reports what Cursor gives a hook, in the file $1: its stdin, environment
# and directory. Cursor reads no answer after most calls, so it gives none.
jq -c --arg pwd "$(pwd)" --arg p "$CURSOR_PROJECT_DIR" --arg t "$CURSOR_TRANSCRIPT_PATH" --arg cc "$CLAUDE_PROJECT_DIR" \
  '{pwd: $pwd, project: $p, transcript: $t, claude: $cc, input: .}' >"$1"
echo '{}'
