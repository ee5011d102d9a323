#!/usr/bin/env bash
# Codex: an allow is no output and exit status 0.
cat >/dev/null
exit 0
