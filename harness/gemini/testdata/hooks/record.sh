#!/usr/bin/env bash
# Reports what Gemini gives a hook: its stdin, environment and directory.
jq -c --arg pwd "$(pwd)" --arg p "$GEMINI_PROJECT_DIR" --arg c "$GEMINI_CWD" --arg cc "$CLAUDE_PROJECT_DIR" --arg id "$GEMINI_SESSION_ID" \
  '{decision: "deny", reason: ({pwd: $pwd, project: $p, cwd: $c, claude: $cc, session: $id, input: del(.timestamp), stamp: (.timestamp | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"))} | tojson)}'
