#!/usr/bin/env bash
# A Kiro 3 hooks file's guard: blocks pushes with exit 2.
if jq -e '.tool_input.command | test("git push")' >/dev/null; then
  echo "pushes go through review" >&2
  exit 2
fi
