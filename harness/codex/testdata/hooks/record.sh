#!/usr/bin/env bash
# Leaves what Codex gave it in $RECORD: its stdin and working directory.
cat > "$RECORD/stdin.json"
pwd > "$RECORD/pwd"
exit 0
