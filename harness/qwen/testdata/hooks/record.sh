#!/usr/bin/env bash
# Reports what Qwen gives a hook: its stdin, environment, directory and first argument.
jq -c --arg pwd "$(pwd)" --arg q "$QWEN_PROJECT_DIR" --arg g "$GEMINI_PROJECT_DIR" --arg c "$CLAUDE_PROJECT_DIR" --arg arg "$1" \
  '{continue: false, stopReason: ({pwd: $pwd, qwen: $q, gemini: $g, claude: $c, arg: $arg, input: del(.timestamp, .tool_use_id),
    stamp: (.timestamp | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$")),
    id: (.tool_use_id | test("^toolu_[0-9]+_[a-z2-7]{9}$"))} | tojson)}'
