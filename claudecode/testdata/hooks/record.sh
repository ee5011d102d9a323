#!/bin/sh
# record.sh FILE: keeps what it was sent in $CLAUDE_PROJECT_DIR/FILE, and
# says nothing.
cat >"$CLAUDE_PROJECT_DIR/$1"
