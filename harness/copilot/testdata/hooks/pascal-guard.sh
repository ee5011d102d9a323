#!/usr/bin/env bash
# A Claude-compatible guard, written for a PascalCase PreToolUse entry:
# snake_case input, Claude Code's tool names. Denies a recursive delete.
input=$(cat)
[ "$(jq -r .hook_event_name <<<"$input")" = PreToolUse ] || { echo "not PreToolUse" >&2; exit 1; }
[ "$(jq -r .tool_name <<<"$input")" = Bash ] || { echo "not Bash" >&2; exit 1; }
if jq -e '.tool_input.command | test("rm -rf")' <<<"$input" >/dev/null; then
  echo '{"permissionDecision":"deny","permissionDecisionReason":"recursive delete is not allowed here"}'
fi
