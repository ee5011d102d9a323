#!/usr/bin/env bash
# Written with Claude Code's tool name: Kiro never runs it.
echo "a Bash matcher ran in Kiro" >&2
exit 2
