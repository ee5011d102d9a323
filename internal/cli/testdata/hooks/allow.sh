#!/bin/sh
# Reads the hook input and says nothing: Claude Code reads that as consent.
cat >/dev/null
